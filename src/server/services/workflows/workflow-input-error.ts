import type { ApiErrorCode } from '../../errors.ts';
/**
 * Why a submitted workflow could not be read. Services stay independent of HTTP details beyond the
 * status; the route turns it into an ApiError with the same stable code.
 */
export class WorkflowInputError extends Error {
  readonly status: 400 | 413 | 415;
  readonly code: ApiErrorCode;

  constructor(status: WorkflowInputError['status'], code: ApiErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
