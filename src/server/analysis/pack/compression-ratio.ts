// Zip bombs: a few kilobytes on disk that inflate to gigabytes. Real pack content (code, JSON,
// images, weights) compresses well under 20:1; an entry of a megabyte or more that inflates over
// 100 times its stored size is treated as a bomb. Shared by the upload check (validate-zip.ts)
// and the scanner's unpacking of nested archives (nested.ts).

/** Largest accepted ratio of inflated to stored bytes. */
export const MAX_COMPRESSION_RATIO = 100;
/** Below this many inflated bytes the ratio is not checked (tiny files of zeros are harmless). */
export const RATIO_CHECK_MIN_BYTES = 1024 * 1024;

/** Why `inflated` bytes from `stored` bytes look like a bomb, or null. */
export function compressionRatioProblem(stored: number, inflated: number): string | null {
  if (inflated < RATIO_CHECK_MIN_BYTES) return null;
  const ratio = inflated / Math.max(stored, 1);
  if (ratio <= MAX_COMPRESSION_RATIO) return null;
  return `inflates ${Math.round(ratio)} times its compressed size (${inflated} bytes from ${stored}; at most ${MAX_COMPRESSION_RATIO} times is accepted), which is how zip bombs are made`;
}
