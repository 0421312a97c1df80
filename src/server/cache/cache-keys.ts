// The cache keys (surrogate keys) a cacheable answer carries: each cacheable route or page names what
// its answer shows, where it is defined (`cacheKeyHeaders`), and a change in the change feed purges
// exactly the answers that carry one of its keys (`keysOfChange`), on every instance, and behind a
// CDN through the same keys (docs/operations.md, "Purging a CDN by key").

/** Every answer that shows this pack (its record, versions, page). */
export const nodeKey = (nodeId: string) => `node:${nodeId}`;
/** Every answer that shows this publisher (its profile, its name beside one of its packs). */
export const publisherKey = (publisherId: string) => `publisher:${publisherId}`;
/** Every answer that lists this publisher's packs (any change to one of them names it). */
export const publisherNodesKey = (publisherId: string) => `publisher-nodes:${publisherId}`;
/** Lists of packs (GET /nodes, the home page's first results): any pack change may reorder them. */
export const LISTS_KEY = 'lists';
/** Search answers: any pack change may alter what a query finds. */
export const SEARCH_KEY = 'search';
/** The list of publishers. */
export const PUBLISHERS_KEY = 'publishers';
/** The advisory feed and every answer that names advisories (a pack's, or of the Python packages it depends on). */
export const ADVISORIES_KEY = 'advisories';

/** Fastly's and Varnish's name for the keys (space-separated). */
export const SURROGATE_KEY_HEADER = 'surrogate-key';
/** Cloudflare's and Akamai's name (comma-separated). */
export const CACHE_TAG_HEADER = 'cache-tag';

/**
 * Whether the response cache keeps an answer: only a public 200 that names its cache keys; anything
 * personal (a cookie set) never. `header`: the answer's header by lower-case name, undefined when absent.
 */
export function isKeptAnswer(status: number, header: (name: string) => string | undefined): boolean {
  if (status !== 200 || header('set-cookie') !== undefined || header(SURROGATE_KEY_HEADER) === undefined) return false;
  const cacheControl = header('cache-control') ?? '';
  return /\bpublic\b/i.test(cacheControl) && !/\b(private|no-store|no-cache)\b/i.test(cacheControl);
}

// Ids are URL path segments; a key never carries a separator a CDN would split it on.
const clean = (key: string) => key.replace(/[\s,]+/g, '');

/** The headers that declare an answer's keys (sent to clients and CDNs, read by the response cache). */
export function cacheKeyHeaders(keys: readonly string[]): Record<string, string> {
  const unique = [...new Set(keys.map(clean).filter((key) => key.length > 0))];
  return { [SURROGATE_KEY_HEADER]: unique.join(' '), [CACHE_TAG_HEADER]: unique.join(',') };
}

/** The keys a response declared, or none (then it is never stored). */
export function declaredCacheKeys(value: string | string[] | number | undefined): string[] {
  if (value === undefined) return [];
  const text = Array.isArray(value) ? value.join(' ') : String(value);
  return text.split(/\s+/).filter((key) => key.length > 0);
}

/** What one change-feed row makes stale (db/schema/change-feed.ts: kind, node_id, publisher_id). */
export interface FeedChange {
  kind: string;
  nodeId: string | null;
  publisherId: string | null;
}

/**
 * The keys a change purges: a pack's answers and the lists of its publisher's packs (not the pages of
 * its sibling packs), or a publisher's answers; and the lists and searches either may appear in.
 */
export function keysOfChange(change: FeedChange): string[] {
  // Lists and searches show each pack's publisher name too.
  const keys = [LISTS_KEY, SEARCH_KEY];
  // An advisory change (migration 0023) names no pack when it is about a Python package: purge every answer naming advisories.
  if (change.kind === 'advisory') keys.push(ADVISORIES_KEY);
  if (change.kind === 'publisher') {
    keys.push(PUBLISHERS_KEY);
    if (change.publisherId) keys.push(publisherKey(change.publisherId));
    return keys;
  }
  if (change.nodeId) keys.push(nodeKey(change.nodeId));
  if (change.publisherId) keys.push(publisherNodesKey(change.publisherId));
  return keys;
}
