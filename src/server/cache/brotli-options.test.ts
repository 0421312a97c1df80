import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliOptions } from './brotli-options.ts';

/** Text that compresses like a page: repeated markup with varying words. */
function pageLike(bytes: number): Buffer {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const part = `<li class="card"><a href="/en/nodes/pack-${i * 7919}">Pack ${(i * 104729) % 9973}</a></li>\n`;
    parts.push(part);
    length += part.length;
  }
  return Buffer.from(parts.join('').slice(0, bytes));
}

describe('brotliOptions', () => {
  it('gives a body the smallest window that holds it, within brotli’s bounds', () => {
    const bits = (length: number) => brotliOptions(7, length).params[constants.BROTLI_PARAM_LGWIN];
    expect(bits(0)).toBe(constants.BROTLI_MIN_WINDOW_BITS);
    expect(bits(1_000)).toBe(10);
    expect(bits(1_009)).toBe(11); // 2^10 − 16 = 1,008 bytes fit a 10-bit window
    expect(bits(71_545)).toBe(17);
    expect(bits(50 * 1024 * 1024)).toBe(constants.BROTLI_DEFAULT_WINDOW);
    // A larger bound for a larger body (the index snapshot), still fitted below it.
    expect(brotliOptions(5, 10 * 1024 * 1024, 24).params[constants.BROTLI_PARAM_LGWIN]).toBe(24);
    expect(brotliOptions(5, 3_300_000, 24).params[constants.BROTLI_PARAM_LGWIN]).toBe(22);
  });

  it('compresses as small as the default window (within a few bytes), and decompresses to the body', () => {
    for (const size of [1_500, 70_000, 300_000]) {
      const body = pageLike(size);
      const fitted = brotliCompressSync(body, brotliOptions(7, body.length));
      const wide = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 7, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
      expect(fitted.length, `${size} bytes`).toBeLessThanOrEqual(wide.length + 8);
      expect(brotliDecompressSync(fitted).equals(body)).toBe(true);
    }
  });
});
