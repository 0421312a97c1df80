import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { badRequest } from '../errors.ts';

// PostgreSQL text cannot hold U+0000, so a NUL that reaches a query fails deep inside the driver.
// No legitimate id, query or JSON field contains one: refuse it at the edge with a clear 400.
const ESCAPED_NUL = /\\u0000/i;

function hasNul(value: string): boolean {
  return value.includes('\0');
}

export function rejectNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      throw badRequest('The request path is not valid percent-encoding.', 'invalid_path');
    }
    const queryValues = Object.entries(c.req.queries()).flatMap(([key, values]) => [key, ...values]);
    if (hasNul(path) || queryValues.some(hasNul)) {
      throw badRequest('The request path or query contains a NUL character.', 'invalid_characters');
    }
    const type = c.req.header('content-type') ?? '';
    // Archive uploads carry binary bodies (their route checks the media type itself).
    const binaryUpload = c.req.path.startsWith('/storage/');
    if (/json/i.test(type) && c.req.method !== 'GET' && !binaryUpload) {
      // Read once here; Hono caches the body, so the route still parses it normally.
      const text = await c.req.text();
      if (ESCAPED_NUL.test(text) || hasNul(text)) {
        throw badRequest(
          'The JSON body contains a NUL character (\\u0000), which is not allowed.',
          'invalid_characters',
        );
      }
    }
    await next();
  };
}
