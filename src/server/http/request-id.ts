// The request id ties a user's report to our logs, and a proxy in front may set one. A client can
// send anything in X-Request-Id, though, and it is echoed in a header and written to every log line:
// only a short, plain token is kept (no spaces, quotes or control characters to forge log fields
// with); anything else is replaced by a fresh id.

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && SAFE_REQUEST_ID.test(header) ? header : crypto.randomUUID();
}
