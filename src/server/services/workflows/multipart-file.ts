import { MAX_IMAGE_BYTES, MAX_MULTIPART_PARTS } from './limits.ts';
import { WorkflowInputError } from './workflow-input-error.ts';

const invalid = (message: string) => new WorkflowInputError(400, 'invalid_multipart', message);

/** The boundary parameter of a multipart content type (quoted or not), or undefined. */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Whether the body has more than `max` parts, counted with one native search per delimiter (each
 * part starts with `--boundary`, the body ends with `--boundary--`). undici's form parser builds
 * every part before we can pick one: 150,000 one-byte fields took it most of a second.
 */
function hasMoreParts(body: Uint8Array, boundary: string, max: number): boolean {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let delimiters = 0;
  for (let at = bytes.indexOf(delimiter); at >= 0; at = bytes.indexOf(delimiter, at + delimiter.length)) {
    if (++delimiters > max + 1) return true;
  }
  return false;
}

/** The bytes of the multipart field `file`; 400 for a broken body, a missing field or too many parts. */
export async function readMultipartFile(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<Uint8Array> {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw invalid('The multipart content type names no boundary.');
  if (hasMoreParts(body, boundary, MAX_MULTIPART_PARTS)) {
    throw invalid(`The multipart body has more than ${MAX_MULTIPART_PARTS} parts; send the workflow as "file".`);
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalid('The multipart body could not be read.');
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) {
    throw new WorkflowInputError(400, 'missing_file', 'Send the workflow or image in a multipart field named "file".');
  }
  if (file.size > MAX_IMAGE_BYTES) {
    throw new WorkflowInputError(
      413,
      'payload_too_large',
      `The request body is larger than the limit of ${MAX_IMAGE_BYTES} bytes.`,
    );
  }
  return new Uint8Array(await file.arrayBuffer());
}
