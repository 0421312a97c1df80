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

  it('goes on after a job that fails', async () => {
    const failing = unbrotliOneAtATime(Buffer.from('this is not brotli'));
    const next = brotliOneAtATime(Buffer.from('after the failure'), brotliOptions(7, 17));
    await expect(failing).rejects.toThrow();
    expect(brotliDecompressSync(await next).toString()).toBe('after the failure');
  });
});
