import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.ts';

/**
 * Customer and proxy answers are personal even when the caller authenticates with X-API-KEY
 * instead of Authorization, which the shared cache middleware would take for an anonymous read.
 */
export function privateNoStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'private, no-store');
    c.res.headers.append('Vary', 'X-API-KEY');
  };
}
