// `npm run bench:bodies`: starts an instance (embedded database in a temp dir), then sends six
// anonymous 200 MB request bodies at once, to the API port and to /api on the site, half with a
// declared Content-Length and half streamed (chunked), and prints the server's resident memory
// before, at its peak while they arrive, and after. Bodies are bounded before they are read
// (src/server/http/body-limit.ts), so memory should stay within tens of MB of where it started;
// before that, the same six bodies took the process from ~0.6 to ~2.4 GB.
// Knobs: BODIES_COUNT (6), BODIES_MB (200).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInstance } from './lib/instance-process.ts';

const COUNT = Number(process.env['BODIES_COUNT'] ?? 6);
const BODY_BYTES = Number(process.env['BODIES_MB'] ?? 200) * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/** Resident memory of a process, from /proc (Linux), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

interface Outcome {
  status: number | 'error';
  sentMb: number;
  body: string;
}

/** Streams `BODY_BYTES` of spaces as a JSON POST; resolves with the answer (or how it failed). */
function sendBody(url: string, declared: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const done = (outcome: Omit<Outcome, 'sentMb'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, sentMb: Math.round(sent / 1024 / 1024) });
    };
    const target = new URL(url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(BODY_BYTES) } : { 'transfer-encoding': 'chunked' }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body: body.slice(0, 120) }));
        response.on('error', () => done({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', (error) => done({ status: 'error', body: error.message }));
    const pump = () => {
      while (sent < BODY_BYTES && !request.destroyed) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'nodeyard-bench-bodies-'));
const instance = await startInstance({ DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '' });
try {
  const pid = instance.process.pid!;
  // Warm up the routes once, then let the heap settle.
  for (const base of [instance.apiUrl, `${instance.siteUrl}/api`]) await (await fetch(`${base}/nodes?limit=1`)).text();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = rssMb(pid);

  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: COUNT }, (_, i) =>
      sendBody(i % 2 === 0 ? `${instance.apiUrl}/publishers` : `${instance.siteUrl}/api/publishers`, i % 4 < 2),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = rssMb(pid);

  console.log(`${COUNT} parallel anonymous ${BODY_BYTES / 1024 / 1024} MB bodies (API port and /api on the site):`);
  outcomes.forEach((outcome, i) =>
    console.log(
      `  #${i + 1} ${i % 4 < 2 ? 'Content-Length' : 'chunked       '} → ${outcome.status} after ${outcome.sentMb} MB sent  ${outcome.body}`,
    ),
  );
  console.log(
    `Server RSS: before ${before} MB, peak ${peak} MB (+${peak - before}), after ${after} MB (+${after - before}).`,
  );
  console.log(
    `All answered in ${seconds.toFixed(2)} s. Still healthy: ${(await fetch(`${instance.apiUrl}/healthz`)).status}.`,
  );
} finally {
  await instance.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
