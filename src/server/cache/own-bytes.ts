/**
 * The bytes of `buffer` in memory of their own, for what the response cache keeps: a slice keeps its
 * whole buffer alive, memory the cache neither counts nor bounds. zlib answers with a slice of a 64 KiB
 * output buffer (2,000 stored bodies of 6.9 KB held 501 of them: 16 KiB each, 2.3×, and after evictions
 * up to 64 KiB an entry), and a small body is a slice of Node's 8 KiB pool. A copy of a few kilobytes
 * costs microseconds.
 */
export function ownBytes(buffer: Buffer): Buffer {
  if (buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}
