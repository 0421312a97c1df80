// `npm run bench:compression`: what the response cache's stored copy (brotli quality 7, window fitted to
// the body) costs when several misses compress at once, side by side in zlib's thread pool and queued one
// at a time as the cache does (src/server/cache/zlib-one-at-a-time.ts). Each way runs in a fresh process,
// as a server starts, on a 67 KB text body (the size of a node page). Prints process CPU per body, the
// thread pool's included, and how much of it was the kernel's. A benchmark: no assertions.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import { brotliOptions } from '../src/server/cache/brotli-options.ts';
import { brotliOneAtATime } from '../src/server/cache/zlib-one-at-a-time.ts';

const BODIES = 400;
const PAGE_BYTES = 67_000;

async function measure(way: 'side-by-side' | 'one-at-a-time', inFlight: number): Promise<void> {
  const docs = new URL('../docs/', import.meta.url);
  const text = Buffer.concat(readdirSync(docs).map((name) => readFileSync(new URL(name, docs))));
  const body = Buffer.concat([text, text]).subarray(0, PAGE_BYTES);
  const direct = promisify(brotliCompress);
  const compress = way === 'side-by-side' ? direct : brotliOneAtATime;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let done = 0; done < BODIES; done += inFlight)
    await Promise.all(Array.from({ length: inFlight }, () => compress(body, brotliOptions(7, body.length))));
  const used = process.cpuUsage(cpu);
  console.log(
    `| ${inFlight} | ${way} | ${((used.user + used.system) / 1000 / BODIES).toFixed(2)} | ` +
      `${(used.system / 1000 / BODIES).toFixed(2)} | ${((performance.now() - started) / BODIES).toFixed(2)} |`,
  );
}

const [way, inFlight] = process.argv.slice(2);
if (way === 'side-by-side' || way === 'one-at-a-time') {
  await measure(way, Number(inFlight));
} else {
  console.log(
    `bench:compression on ${cpus().length} cores, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${BODIES} bodies of ${PAGE_BYTES} bytes, brotli q7, window fitted; ms per body\n`);
  console.log('| in flight | how | CPU ms | of it kernel | wall ms |\n| --- | --- | --- | --- | --- |');
  for (const count of [1, 4, 10]) {
    for (const how of ['side-by-side', 'one-at-a-time']) {
      spawnSync(process.execPath, [new URL(import.meta.url).pathname, how, String(count)], { stdio: 'inherit' });
    }
  }
}
