import { describe, expect, it } from 'vitest';
import { MAX_MULTIPART_PARTS } from './limits.ts';
import { readMultipartFile } from './multipart-file.ts';
import { WorkflowInputError } from './workflow-input-error.ts';

const BOUNDARY = '----WebKitFormBoundaryAbC';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body of `fields` one-byte text fields, then a `file` part holding "{}". */
function body(fields: number): Uint8Array<ArrayBuffer> {
  const field = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`;
  const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="w.json"\r\n\r\n{}\r\n`;
  return new Uint8Array(Buffer.from(`${field.repeat(fields)}${file}--${BOUNDARY}--\r\n`));
}

async function refusal(read: Promise<unknown>) {
  const error = await read.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof WorkflowInputError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, code: error.code };
}

describe('readMultipartFile', () => {
  it('reads the field "file" among a few parts (boundary kept as sent)', async () => {
    const file = await readMultipartFile(body(MAX_MULTIPART_PARTS - 1), TYPE);
    expect(new TextDecoder().decode(file)).toBe('{}');
  });

  it('refuses a body of more parts than the cap before the form parser builds them: 120,000 fields', async () => {
    expect(await refusal(readMultipartFile(body(MAX_MULTIPART_PARTS), TYPE))).toEqual({
      status: 400,
      code: 'invalid_multipart',
    });
    expect(await refusal(readMultipartFile(body(120_000), TYPE))).toEqual({ status: 400, code: 'invalid_multipart' });
  });

  it('answers 400 for a missing boundary or field', async () => {
    expect(await refusal(readMultipartFile(body(1), 'multipart/form-data'))).toEqual({
      status: 400,
      code: 'invalid_multipart',
    });
    const noFile = new Uint8Array(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
    );
    expect(await refusal(readMultipartFile(noFile, TYPE))).toEqual({ status: 400, code: 'missing_file' });
  });
});
