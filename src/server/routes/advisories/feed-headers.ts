import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { ADVISORIES_KEY } from '../../cache/cache-keys.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';

// What every feed answer carries for caches: the 'advisories' cache key (any advisory change purges
// it, cache/cache-keys.ts), and Last-Modified = the newest `modified` it shows, so a client can ask
// If-Modified-Since. The ETag of JSON answers comes from http/cache-headers.ts (a hash of the body).

/** HTTP dates have whole seconds: a change within the same second must not look older than the copy. */
const httpDate = (date: Date) => new Date(Math.ceil(date.getTime() / 1000) * 1000).toUTCString();

export function feedHeaders(c: Context<AppEnv>, newest: Date | null): void {
  declareCacheKeys(c, [ADVISORIES_KEY]);
  if (newest) c.header('Last-Modified', httpDate(newest));
}

/** Whether the client's copy (If-Modified-Since) is at least as new as `newest`; ETags are checked elsewhere. */
export function unchangedSince(c: Context<AppEnv>, newest: Date | null): boolean {
  const since = c.req.header('if-modified-since');
  if (!since || !newest || c.req.header('if-none-match')) return false;
  const parsed = Date.parse(since);
  return Number.isFinite(parsed) && Date.parse(httpDate(newest)) <= parsed;
}

export const newestModified = (records: readonly { modifiedAt: Date }[]): Date | null =>
  records.reduce<Date | null>((max, r) => (max === null || r.modifiedAt > max ? r.modifiedAt : max), null);
