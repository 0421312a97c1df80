import { inflateSync } from 'node:zlib';
import { WorkflowInputError } from './workflow-input-error.ts';

/**
 * Inflates a zlib stream (PNG zTXt/iTXt), refusing to produce more than `maxBytes`: zlib stops at
 * that output length, so a tiny compressed chunk never expands into gigabytes in memory. Past it,
 * throws `tooLarge()` (the caller says which bound it was).
 */
export function inflateLimited(data: Uint8Array, maxBytes: number, tooLarge: () => Error): Uint8Array {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw new WorkflowInputError(400, 'invalid_image', 'A compressed text chunk of the image is corrupt.');
  }
}
