import { constants } from 'node:zlib';

/**
 * Brotli settings for one body of known length (the response cache's stored copies, the index
 * snapshot). The window is the smallest that holds the whole body, up to `maxWindowBits`: the output
 * is as small as with a larger window (to a few bytes), but at quality 7 the encoder sets up its
 * tables for the window it is given, which cost a 70 KB node page 7–11 ms of CPU in the default 4 MB
 * window instead of 3–3.5 ms (bench:cache-capacity prints both).
 */
export function brotliOptions(
  quality: number,
  length: number,
  maxWindowBits: number = constants.BROTLI_DEFAULT_WINDOW,
): { params: Record<number, number> } {
  const fitted = Math.ceil(Math.log2(length + 16)); // a window holds 2^bits − 16 bytes
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_LGWIN]: Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.min(maxWindowBits, fitted)),
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  };
}
