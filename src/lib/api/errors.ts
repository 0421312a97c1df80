/** A non-2xx answer of the API, carrying the server's `{error, message, details}` when it sent them. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's machine-readable `error` code (e.g. "not_found", "validation_error"). */
  readonly code: string | undefined;
  readonly details?: unknown;

  constructor(status: number, message: string, code?: string, details?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    if (details !== undefined) this.details = details;
  }
}

/** The message shown when the server sent none (network errors have status 0). */
export function genericErrorMessage(status: number): string {
  if (status === 0) return 'The server could not be reached. Check your connection and try again.';
  return `The request failed (HTTP ${status}).`;
}

/** Builds the error from a failed response's parsed body (or null when it was not JSON). */
export function errorFromBody(status: number, body: unknown): ApiRequestError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof record['message'] === 'string' && record['message'] ? record['message'] : genericErrorMessage(status);
  const code = typeof record['error'] === 'string' ? record['error'] : undefined;
  return new ApiRequestError(status, message, code, record['details']);
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
