import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliOptions } from './brotli-options.ts';
import { brotliOneAtATime, gzipOneAtATime, unbrotliOneAtATime } from './zlib-one-at-a-time.ts';

describe('zlib jobs one at a time', () => {
  it('finishes them in the order they were queued, a small one after a big one before it', async () => {
    // Side by side, the 10-byte body would be done long before the 8 MB one.
    const big = Buffer.concat(Array.from({ length: 64 }, () => randomBytes(128 * 1024)));
    const small = Buffer.from('tiny body!');
    const finished: string[] = [];
    const [bigOut, smallOut] = await Promise.all([
      brotliOneAtATime(big, brotliOptions(5, big.length)).then((out) => (finished.push('big'), out)),
      gzipOneAtATime(small).then((out) => (finished.push('small'), out)),
    ]);
    expect(finished).toEqual(['big', 'small']);
    expect(brotliDecompressSync(bigOut).equals(big)).toBe(true);
    expect(gunzipSync(smallOut).toString()).toBe('tiny body!');
  });

  it('hands back each body in memory of its own, so a kept body holds only its bytes', async () => {
    // zlib's own answer is a slice of its output chunk (16 KiB and more): a kept 2 KB body would hold all of it.
    const text = Buffer.from(Array.from({ length: 2000 }, (_, i) => `word${i % 97} ${i}`).join(' '));
    const outputs = [
      await brotliOneAtATime(text, brotliOptions(7, text.length)),
      await gzipOneAtATime(text),
      await unbrotliOneAtATime(await brotliOneAtATime(text, brotliOptions(5, text.length))),
    ];
    for (const out of outputs) expect(out.buffer.byteLength).toBe(out.length);
    expect(outputs[0]!.length).toBeLessThan(text.length / 2);
    expect(outputs[2]!.equals(text)).toBe(true);
  });

  it('goes on after a job that fails', async () => {
    const failing = unbrotliOneAtATime(Buffer.from('this is not brotli'));
    const next = brotliOneAtATime(Buffer.from('after the failure'), brotliOptions(7, 17));
    await expect(failing).rejects.toThrow();
    expect(brotliDecompressSync(await next).toString()).toBe('after the failure');
  });
});
