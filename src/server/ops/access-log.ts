import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { scrubSecrets, type Logger } from './logger.ts';

/**
 * One JSON line per API request: request id, method, route pattern, path (query strings are left
 * out: they may carry tokens), status and duration. Headers are never logged.
 */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      route: c.req.routePath,
      path: scrubSecrets(c.req.path),
      status,
      ms,
    };
    if (status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request');
  };
}
