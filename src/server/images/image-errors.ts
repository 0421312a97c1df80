import { ImageFetchError } from './fetch-remote-image.ts';

// Why an image was not served, as the endpoint tells it (status and `x-image-error`): one of a
// small fixed set of words, never the underlying error's text, which can name internal hosts,
// addresses or system error codes. The detail stays on the server.

export const IMAGE_ERROR_STATUS = {
  /** Missing or malformed parameters (url, w, fit, s). */
  'bad-request': 400,
  /** Not http(s), or credentials in the URL. */
  scheme: 400,
  /** The URL is not one this site rendered (missing or wrong signature). */
  signature: 403,
  /** The host resolves (or redirects) to an address the policy refuses. */
  address: 403,
  'too-many-redirects': 502,
  /** The image host answered with something other than 200. */
  'upstream-status': 502,
  'content-type': 415,
  'too-large': 413,
  /** The picture has more pixels than the decoder may open. */
  'too-many-pixels': 413,
  timeout: 504,
  /** DNS failure, refused or reset connection, TLS error… */
  network: 502,
  /** The bytes are not a picture the decoder reads. */
  decode: 415,
  /** This client asked for too many new images lately. */
  'rate-limited': 429,
  /** Every decoder is busy and the queue is full (or the wait ran out). */
  busy: 503,
} as const;

export type ImageErrorReason = keyof typeof IMAGE_ERROR_STATUS;

const FETCH_REASON = {
  scheme: 'scheme',
  address: 'address',
  redirects: 'too-many-redirects',
  status: 'upstream-status',
  'content-type': 'content-type',
  'too-large': 'too-large',
  timeout: 'timeout',
  network: 'network',
} as const satisfies Record<ImageFetchError['reason'], ImageErrorReason>;

/** The reason to tell for a failed fetch (anything unexpected is a network failure). */
export function fetchFailureReason(error: unknown): ImageErrorReason {
  return error instanceof ImageFetchError ? FETCH_REASON[error.reason] : 'network';
}

/** The reason to tell for a failed decode: too many pixels, or not a readable picture. */
export function decodeFailureReason(error: unknown): ImageErrorReason {
  return error instanceof Error && /pixel limit/i.test(error.message) ? 'too-many-pixels' : 'decode';
}
