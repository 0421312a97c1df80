// One way to read a body with a ceiling: the body-limit middleware, the archive upload, the workflow
// resolver and the vendor proxy (a vendor's response) all need "every byte, unless there are too
// many" without ever buffering more than the ceiling.

/**
 * Reads the whole stream into one array, or cancels it and throws `tooLarge()` the moment it passes
 * `maxBytes` (so at most `maxBytes` is ever held in memory).
 */
export async function readCappedStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
