import type { Context } from 'hono';
import { cacheKeyHeaders } from '../cache/cache-keys.ts';

/**
 * Declares what an API answer shows (cache/cache-keys.ts): the response cache keeps the answer under
 * these keys and a change naming one of them drops it; a CDN in front gets them as Surrogate-Key and
 * Cache-Tag. Only answers that declare keys are ever kept.
 */
export function declareCacheKeys(c: Context, keys: readonly string[]): void {
  for (const [name, value] of Object.entries(cacheKeyHeaders(keys))) c.header(name, value);
}
