import { inflateSync } from 'node:zlib';
import { WorkflowInputError } from './workflow-input-error.ts';

/**
 * Inflates a zlib stream (PNG zTXt/iTXt), refusing to produce more than `maxBytes`: a tiny
 * compressed chunk must not expand into gigabytes in memory.
 */
export function inflateLimited(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    return inflateSync(data, { maxOutputLength: maxBytes });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new WorkflowInputError(
        413,
        'workflow_too_large',
        `The embedded workflow is larger than ${maxBytes} bytes.`,
      );
    }
    throw new WorkflowInputError(400, 'invalid_image', 'A compressed text chunk of the image is corrupt.');
  }
}
