/**
 * Why a submitted workflow could not be read. Services stay independent of HTTP details beyond the
 * status; the route turns it into an ApiError with the same stable code.
 */
export class WorkflowInputError extends Error {
  readonly status: 400 | 413 | 415;
  readonly code: string;

  constructor(status: WorkflowInputError['status'], code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
