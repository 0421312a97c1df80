import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { ApiError } from '../../errors.ts';
import { readCappedStream } from '../../http/read-capped-stream.ts';
import { MAX_IMAGE_BYTES, MAX_JSON_BYTES, MULTIPART_SLACK_BYTES } from '../../services/workflows/limits.ts';
import {
  readJsonWorkflow,
  readPngWorkflow,
  readWebpWorkflow,
  readWorkflowFile,
} from '../../services/workflows/read-workflow.ts';
import type { WorkflowClasses } from '../../services/workflows/workflow-classes.ts';
import { WorkflowInputError } from '../../services/workflows/workflow-input-error.ts';

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

async function fromMultipart(c: Context<AppEnv>, type: string): Promise<WorkflowClasses> {
  const body = await readBody(c, MAX_IMAGE_BYTES + MULTIPART_SLACK_BYTES);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError(400, 'invalid_multipart', 'The multipart body could not be read.');
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) {
    throw new ApiError(400, 'missing_file', 'Send the workflow or image in a multipart field named "file".');
  }
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge(MAX_IMAGE_BYTES);
  return readWorkflowFile(new Uint8Array(await file.arrayBuffer()));
}

async function fromBody(c: Context<AppEnv>): Promise<WorkflowClasses> {
  // Only the media type is case-insensitive: a multipart boundary must be kept exactly as sent.
  const type = c.req.header('content-type') ?? '';
  const media = type.split(';')[0]!.trim().toLowerCase();
  if (media === 'application/json' || media.endsWith('+json')) {
    return readJsonWorkflow(new TextDecoder().decode(await readBody(c, MAX_JSON_BYTES)).replace(/^\uFEFF/, ''));
  }
  if (media === 'image/png') return readPngWorkflow(await readBody(c, MAX_IMAGE_BYTES));
  if (media === 'image/webp') return readWebpWorkflow(await readBody(c, MAX_IMAGE_BYTES));
  if (media === 'application/octet-stream') return readWorkflowFile(await readBody(c, MAX_IMAGE_BYTES));
  if (media === 'multipart/form-data') return fromMultipart(c, type);
  throw new ApiError(
    415,
    'unsupported_media_type',
    'Send the workflow as application/json, image/png, image/webp, application/octet-stream or multipart/form-data.',
  );
}

/** The workflow in the request, or an ApiError with a stable code saying why it cannot be read. */
export async function readRequestWorkflow(c: Context<AppEnv>): Promise<WorkflowClasses> {
  try {
    return await fromBody(c);
  } catch (error) {
    if (error instanceof WorkflowInputError) throw new ApiError(error.status, error.code, error.message);
    throw error;
  }
}
