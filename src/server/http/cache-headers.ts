import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { isKeptAnswer } from '../cache/cache-keys.ts';
import { isRenderedForCache } from './cache-renders.ts';

// HTTP caching for the API: anonymous JSON GETs are public with an ETag (and a 304 on a matching
// If-None-Match); everything user-specific, every write and every error is never stored.

const NO_STORE = 'private, no-store';

/** Cache-Control for an anonymous 200 JSON GET, by route class; null = must never be cached. */
export function publicCacheControl(path: string): string | null {
  // Every install call counts a download, so no cache may answer it.
  if (/^\/nodes\/[^/]+\/install\/?$/.test(path)) return null;
  if (path === '/openapi.json') return 'public, max-age=300, stale-while-revalidate=3600';
  // Lists and searches change as nodes are published: kept shorter than single records.
  if (/^\/(nodes|nodes\/search|comfy-nodes|versions|publishers)\/?$/.test(path)) {
    return 'public, max-age=30, stale-while-revalidate=60';
  }
  return 'public, max-age=60, stale-while-revalidate=120';
}

/** The API's ETag of a body: strong, from its bytes (the response cache gives its entries the same). */
export function bodyEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** Weak comparison (RFC 9110 §13.1.2): `W/` is ignored, `*` matches any current representation. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

function appendVary(c: Context<AppEnv>, names: string[]) {
  const present = (c.res.headers.get('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  const lower = new Set(present.map((name) => name.toLowerCase()));
  const merged = [...present, ...names.filter((name) => !lower.has(name.toLowerCase()))];
  c.res.headers.set('Vary', merged.join(', '));
}

const isJson = (contentType: string | null) => !!contentType && /^application\/([\w.+-]*\+)?json\b/i.test(contentType);

/**
 * Registered outside CORS so the Vary it appends is already there. Routes that set their own
 * Cache-Control or ETag (archives, suggestions) keep them; errors are forced to no-store whatever they say.
 */
export function cacheHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === 'OPTIONS') return; // CORS preflights are cached by Access-Control-Max-Age.
    const headers = c.res.headers;
    if (c.res.status >= 400) {
      headers.set('Cache-Control', NO_STORE);
      return;
    }
    const routeCacheControl = headers.get('cache-control');
    const anonymousRead = (method === 'GET' || method === 'HEAD') && !c.req.header('authorization');
    const policy = publicCacheControl(c.req.path);
    const cacheable = anonymousRead && c.res.status === 200 && isJson(headers.get('content-type'));
    if (!cacheable || policy === null) {
      if (routeCacheControl === null) headers.set('Cache-Control', policy === null ? 'no-store' : NO_STORE);
      return;
    }
    // A route that chose private/no-store itself gets nothing public added.
    if (routeCacheControl !== null && !/\bpublic\b/i.test(routeCacheControl)) return;
    if (routeCacheControl === null) headers.set('Cache-Control', policy);
    appendVary(c, ['Origin', 'Authorization']);
    let etag = headers.get('etag');
    // Rendered into the response cache and kept there: the cache hashes the body it captures (the same
    // ETag) and answers If-None-Match itself, so reading the body here again would be work thrown away.
    const rendered = isRenderedForCache((c.env as { incoming?: unknown } | undefined)?.incoming);
    if (etag === null && rendered && isKeptAnswer(c.res.status, (name) => headers.get(name) ?? undefined)) return;
    if (etag === null) {
      // Read once and answered from the bytes read: a clone() would tee the body into two web streams,
      // and the server would then stream the copy out chunk by chunk instead of writing it in one go.
      const { status } = c.res;
      const body = new Uint8Array(await c.res.arrayBuffer());
      etag = bodyEtag(body);
      headers.set('ETag', etag);
      // Unset first: assigning over a response merges its headers into the new one.
      c.res = undefined;
      c.res = new Response(body, { status, headers });
    }
    if (!etagMatches(c.req.header('if-none-match'), etag)) return;

    const notModified = new Headers(headers);
    notModified.delete('content-type');
    notModified.delete('content-length');
    // Unset first: assigning over a response merges its headers (Content-Length included) into the new one.
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers: notModified });
  };
}
