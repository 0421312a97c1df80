import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { ApiError } from '../../errors.ts';
import { readCappedStream } from '../../http/read-capped-stream.ts';
import { MAX_IMAGE_BYTES, MAX_JSON_BYTES, MULTIPART_SLACK_BYTES } from '../../services/workflows/limits.ts';
import type { WorkflowInputKind } from '../../services/workflows/read-workflow-input.ts';
import { ReaderBusy, workflowReaders } from '../../services/workflows/thread/reader-pool.ts';
import type { WorkflowClasses } from '../../services/workflows/workflow-classes.ts';
import { WorkflowInputError } from '../../services/workflows/workflow-input-error.ts';

/** What a 429 asks a client to wait when every reader is busy: reads take well under a second. */
const RETRY_AFTER_SECONDS = 5;

const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'payload_too_large', `The request body is larger than the limit of ${maxBytes} bytes.`);

/**
 * The body, refusing with 413 past `maxBytes`: a declared Content-Length over the limit before
 * reading, a chunked body as soon as it passes the limit. A body another middleware already read
 * (JSON is checked for NUL characters at the edge) comes from Hono's cache.
 */
async function readBody(c: Context<AppEnv>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const request = c.req.raw;
  if (request.bodyUsed || !request.body) {
    const cached = new Uint8Array(await c.req.arrayBuffer());
    if (cached.byteLength > maxBytes) throw tooLarge(maxBytes);
    return cached;
  }
  return readCappedStream(request.body, maxBytes, () => tooLarge(maxBytes));
}

/** Each accepted media type: how its body is read, and how big it may be. */
const KINDS = new Map<string, { kind: WorkflowInputKind; maxBytes: number }>([
  ['application/json', { kind: 'json', maxBytes: MAX_JSON_BYTES }],
  ['image/png', { kind: 'png', maxBytes: MAX_IMAGE_BYTES }],
  ['image/webp', { kind: 'webp', maxBytes: MAX_IMAGE_BYTES }],
  ['application/octet-stream', { kind: 'file', maxBytes: MAX_IMAGE_BYTES }],
  ['multipart/form-data', { kind: 'multipart', maxBytes: MAX_IMAGE_BYTES + MULTIPART_SLACK_BYTES }],
]);

async function fromBody(c: Context<AppEnv>): Promise<WorkflowClasses> {
  // Only the media type is case-insensitive: a multipart boundary must be kept exactly as sent.
  const contentType = c.req.header('content-type') ?? '';
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  const accepted = KINDS.get(media.endsWith('+json') ? 'application/json' : media);
  if (!accepted) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Send the workflow as application/json, image/png, image/webp, application/octet-stream or multipart/form-data.',
    );
  }
  const bytes = await readBody(c, accepted.maxBytes);
  // Parsing, inflating and searching happen in a reader thread, so this request never stalls the others.
  return workflowReaders.read({ kind: accepted.kind, bytes, contentType });
}

/** The workflow in the request, or an ApiError with a stable code saying why it cannot be read. */
export async function readRequestWorkflow(c: Context<AppEnv>): Promise<WorkflowClasses> {
  try {
    return await fromBody(c);
  } catch (error) {
    if (error instanceof WorkflowInputError) throw new ApiError(error.status, error.code, error.message);
    if (error instanceof ReaderBusy) {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new ApiError(429, 'rate_limited', error.message);
    }
    throw error;
  }
}
