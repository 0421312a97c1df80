import { ApiError } from '../../errors.ts';
import { readCappedStream } from '../../http/read-capped-stream.ts';

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
  return readCappedStream(request.body, maxBytes, () => tooLarge(maxBytes));
}
