import { ApiError } from '../../errors.ts';

const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'payload_too_large', `The archive is larger than the limit of ${maxBytes} bytes.`);

/**
 * The request body, refusing with 413 as soon as it passes `maxBytes`: a declared Content-Length
 * over the limit is refused before reading, and a chunked body is cut off at the limit, so an
 * oversized upload is never buffered whole.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
