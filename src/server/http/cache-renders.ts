import type { IncomingMessage } from 'node:http';

/**
 * Requests the response cache is rendering into an entry (cache/response-cache.ts marks them). The cache
 * hashes the body it captures for the entry's ETag (`bodyEtag`, the one the API would send) and answers
 * If-None-Match itself, so the API's ETag middleware need not read the body it just wrote to hash it too.
 */
const rendering = new WeakSet<IncomingMessage>();

export function markRenderedForCache(req: IncomingMessage): void {
  rendering.add(req);
}

/** `incoming`: the Node request behind a Hono context (`c.env.incoming` on the Node server, else absent). */
export function isRenderedForCache(incoming: unknown): boolean {
  return typeof incoming === 'object' && incoming !== null && rendering.has(incoming as IncomingMessage);
}
