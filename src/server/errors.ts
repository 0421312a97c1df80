// One error type for the whole API, turned into `{message, error}` in one place (app.ts). Every code is one of
// `src/lib/api/error-codes.ts`, so the islands can translate it (a new code fails the typecheck until it is listed).
import type { ApiErrorCode, ValidationIssue } from '../lib/api/error-codes.ts';

export type { ApiErrorCode } from '../lib/api/error-codes.ts';

export interface ErrorDetail {
  path: string;
  message: string;
  /** What was wrong with the field, for a translated sentence in the islands. */
  code?: ValidationIssue;
  /** The bound a too_short/too_long/too_small/too_big value missed. */
  limit?: number;
  /** The archive rule a refused zip broke (`invalid_archive`, `archive_ambiguous`; docs/moderation.md), with `path` its entry. */
  rule?: string;
}

export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;
  readonly code: ApiErrorCode;
  readonly details: ErrorDetail[] | undefined;

  constructor(status: ApiError['status'], code: ApiErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const badRequest = (message: string, code: ApiErrorCode = 'bad_request', details?: ErrorDetail[]) =>
  new ApiError(400, code, message, details);
export const unauthorized = (message = 'Sign in first: this needs a valid Firebase ID token.') =>
  new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.', code: ApiErrorCode = 'forbidden') =>
  new ApiError(403, code, message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code: ApiErrorCode = 'conflict') => new ApiError(409, code, message);
