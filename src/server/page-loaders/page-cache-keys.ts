import {
  ADVISORIES_KEY,
  cacheKeyHeaders,
  LISTS_KEY,
  nodeKey,
  publisherKey,
  publisherNodesKey,
  SEARCH_KEY,
} from '../cache/cache-keys.ts';

// The cache keys of the public pages (cache/cache-keys.ts), declared by each page where it is defined
// (src/pages/**): the response cache keeps a page under them, and a change naming one drops it.

/**
 * A node page shows the pack, its publisher, and the packs its classes collide with; the full page also its
 * advisories, whose changes name no pack when they are about a Python package (hence the shared key).
 */
export function nodePageCacheKeys(
  requestedId: string,
  node: { id: string; publisher?: { id: string } | undefined },
  collidingNodeIds: readonly string[],
  shows: { advisories?: boolean } = {},
): Record<string, string> {
  return cacheKeyHeaders([
    nodeKey(requestedId),
    nodeKey(node.id),
    ...(node.publisher ? [publisherKey(node.publisher.id)] : []),
    ...collidingNodeIds.map(nodeKey),
    ...(shows.advisories ? [ADVISORIES_KEY] : []),
  ]);
}

/** A publisher page shows the publisher and its packs (every pack change names its publisher). */
export function publisherPageCacheKeys(requestedId: string, publisherId: string): Record<string, string> {
  return cacheKeyHeaders([
    publisherKey(requestedId),
    publisherKey(publisherId),
    publisherNodesKey(requestedId),
    publisherNodesKey(publisherId),
  ]);
}

/** The home page shows search results and lists of packs. */
export function homePageCacheKeys(): Record<string, string> {
  return cacheKeyHeaders([LISTS_KEY, SEARCH_KEY]);
}
