// One error type for the whole API, turned into `{message, error}` in one place (app.ts).

export interface ErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;

  constructor(status: ApiError['status'], code: string, message: string, details?: ErrorDetail[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const badRequest = (message: string, code = 'bad_request', details?: ErrorDetail[]) =>
  new ApiError(400, code, message, details);
export const unauthorized = (message = 'Sign in first: this needs a valid Firebase ID token.') =>
  new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.', code = 'forbidden') =>
  new ApiError(403, code, message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);
