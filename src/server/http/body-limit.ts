import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../errors.ts';
import { readCappedStream } from './read-capped-stream.ts';

// Every request body is bounded before anything reads it. Without this, the first reader (the NUL
// check, a route's JSON validator) buffered whatever the client sent: one 600 MB body was a 500,
// a few parallel 200 MB ones cost gigabytes of memory, all before authentication or routing.
// Runs first in the API's chain, so it guards both listeners (API port and /api on the site).

/** The default for JSON and every other body a route does not give its own cap: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface OwnBodyCap {
  method: string;
  /** The exact path, or a pattern for a path with parameters. */
  path: string | RegExp;
  /**
   * The route reads its body as a stream and enforces this cap itself (e.g. readLimitedBody). A
   * function is read per request (the app is also built without services, for the OpenAPI document).
   */
  maxBytes: number | (() => number);
  /** The 413's message, in the route's own words (the same as when the route itself refuses). */
  tooLargeMessage?: (maxBytes: number) => string;
}

export interface BodyLimitOptions {
  maxBytes: number;
  /** Routes that legitimately take large bodies, each with its explicit cap. */
  ownCaps?: OwnBodyCap[];
}

export const payloadTooLarge = (maxBytes: number, message?: string) =>
  new ApiError(
    413,
    'payload_too_large',
    message ?? `The request body is larger than this endpoint accepts (at most ${maxBytes} bytes).`,
  );

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler<AppEnv> {
  const ownCaps = options.ownCaps ?? [];
  return async (c, next) => {
    const method = c.req.method;
    if (NO_BODY.has(method)) return next();
    const path = c.req.path;
    const own = ownCaps.find(
      (cap) => cap.method === method && (typeof cap.path === 'string' ? cap.path === path : cap.path.test(path)),
    );
    const ownMax = typeof own?.maxBytes === 'function' ? own.maxBytes() : own?.maxBytes;
    const maxBytes = ownMax ?? options.maxBytes;
    // A declared length is refused before a single byte is read (Node's parser holds the client to it).
    const declared = c.req.header('content-length');
    if (declared !== undefined) {
      const length = Number(declared);
      if (!Number.isFinite(length) || length < 0) {
        throw new ApiError(400, 'invalid_content_length', 'The Content-Length header is not a valid number.');
      }
      if (length > maxBytes) throw payloadTooLarge(maxBytes, own?.tooLargeMessage?.(maxBytes));
      return next();
    }
    // A streamed (chunked) body: routes with their own cap stream it themselves; for the rest the
    // body is read here, stopping at the cap, and handed on as bytes (at most maxBytes in memory).
    const raw = c.req.raw;
    if (own || !raw.body) return next();
    const bytes = await readCappedStream(raw.body, maxBytes, () => payloadTooLarge(maxBytes));
    c.req.raw = new Request(raw.url, { method, headers: raw.headers, body: bytes, signal: raw.signal });
    return next();
  };
}
