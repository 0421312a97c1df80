import type { OutgoingHttpHeaders } from 'node:http';
import { bodyEtag } from '../http/cache-headers.ts';
import { brotliOptions } from './brotli-options.ts';
import { declaredCacheKeys, SURROGATE_KEY_HEADER } from './cache-keys.ts';
import { ownBytes } from './own-bytes.ts';
import { OWN_HEADERS, sharedHeaders, type SharedHeaders } from './shared-headers.ts';
import { brotliOneAtATime, gzipOneAtATime, unbrotliOneAtATime } from './zlib-one-at-a-time.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

/** What an entry costs in memory, by part (their sum is `bytes`). */
export interface EntryCost {
  /** The stored body, plus bodies derived for clients without brotli once kept. */
  body: number;
  /** The entry's own headers and cache keys (headers it shares with others are counted by the store). */
  headers: number;
  /** The request key (in the store's maps). */
  key: number;
  /** The entry object and its slots. */
  fixed: number;
}

/**
 * A response kept ready to send. The body is stored once: brotli-compressed when the type compresses
 * (nearly every client takes brotli), else as it is. The rare client without brotli gets it
 * decompressed, and gzipped again if it takes gzip, on the fly (`bodyFor`). Headers that other
 * entries repeat (`shared`) are held once by the store (shared-headers.ts); the entry keeps its own.
 */
export interface CachedResponse {
  etag: string;
  /** The cache keys the answer declared (Surrogate-Key): a change naming one of them drops the entry. */
  tags: readonly string[];
  /** How `body` is stored. */
  stored: 'br' | 'identity';
  body: Buffer;
  /**
   * Headers every encoding shares that are not the entry's own (content type, Cache-Control, Vary,
   * security headers, the page's CSP): the store swaps in the pooled copy of an equal set.
   */
  shared: SharedHeaders;
  /** The entry's own headers (ETag, Surrogate-Key, Cache-Tag, …), flat name/value. */
  own: readonly string[];
  /** Length of the uncompressed body (for identity answers). */
  identityLength: number;
  /**
   * Bodies derived for clients without brotli, kept once asked for (ResponseStore.keepDerived counts
   * them in the entry's bytes): only entries such clients actually read pay for a second copy.
   */
  derived: Partial<Record<'gzip' | 'identity', Buffer>>;
  /** Search queries the render recorded (popular queries): recorded again on every hit. */
  replay: readonly string[];
  storedAt: number;
  /** What the entry alone costs in memory, roughly (the sum of `cost`). */
  bytes: number;
  cost: EntryCost;
}

// Compressed once per render and then served many times, in the zlib thread pool (off the event loop),
// one at a time (zlib-one-at-a-time.ts says why).
// The stored copy is what fills memory, so it uses a higher brotli quality than a one-off answer.
const STORED_QUALITY = 7;
const ONE_OFF_QUALITY = 5;

const COMPRESSIBLE = /^(text\/|application\/([\w.+-]*\+)?(json|javascript|xml)\b|image\/svg\+xml)/i;
const MIN_COMPRESSED_BYTES = 1024;

/** Headers that describe one transfer, not the resource: never stored. */
const PER_TRANSFER = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'vary',
  'x-request-id',
]);
/** Own headers a 304 repeats (RFC 9110 §15.4.5; the shared ones are in SharedHeaders.notModified). */
const NOT_MODIFIED_KEEPS = new Set(['etag', 'content-location', 'expires']);
/** The entry object, its header arrays and map slots, roughly. */
const FIXED_BYTES = 256;

export const CACHE_STATUS_HEADER = 'x-nodeyard-cache';

function headerValues(value: OutgoingHttpHeaders[string]): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function mergedVary(existing: OutgoingHttpHeaders[string]): string {
  const names = headerValues(existing)
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding');
  return names.join(', ');
}

/** True when a body of this type is worth compressing (text, JSON, scripts, SVG). */
export function isCompressible(contentType: string | undefined, length: number): boolean {
  return length >= MIN_COMPRESSED_BYTES && !!contentType && COMPRESSIBLE.test(contentType);
}

/** Compresses one body for one encoding (for answers that are not kept). */
export function encodeBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotliOneAtATime(body, brotliOptions(ONE_OFF_QUALITY, body.length));
  if (encoding === 'gzip') return gzipOneAtATime(body);
  return Promise.resolve(body);
}

/**
 * The body in the encoding a client takes: the stored bytes, or derived from them on the fly. `plain`:
 * the uncompressed body when the caller still holds it (the request that rendered the entry), so it is
 * not decompressed again.
 */
export async function bodyFor(entry: CachedResponse, encoding: Encoding, plain?: Buffer): Promise<Buffer> {
  if (entry.stored === 'identity' || encoding === 'br') return entry.body;
  const kept = entry.derived[encoding];
  if (kept) return kept;
  const identity = plain ?? entry.derived.identity ?? (await unbrotliOneAtATime(entry.body));
  return encoding === 'gzip' ? gzipOneAtATime(identity) : identity;
}

/** The encoding an entry is sent in for a client that negotiated `encoding`. */
export function sentEncoding(entry: CachedResponse, encoding: Encoding): Encoding {
  return entry.stored === 'identity' ? 'identity' : encoding;
}

/** writeHead-ready headers of an entry's 200 answer in one encoding, `status` saying HIT or MISS. */
export function headersOf(entry: CachedResponse, encoding: Encoding, length: number, status: 'HIT' | 'MISS'): string[] {
  const sent = [...entry.shared.list, ...entry.own];
  if (encoding !== 'identity') sent.push('content-encoding', encoding);
  sent.push('content-length', String(length), CACHE_STATUS_HEADER, status);
  return sent;
}

/** writeHead-ready headers of the 304 answering a matching If-None-Match. */
export function notModifiedHeadersOf(entry: CachedResponse, status: 'HIT' | 'MISS'): string[] {
  const sent = [...entry.shared.notModified];
  for (let i = 0; i < entry.own.length; i += 2) {
    if (NOT_MODIFIED_KEEPS.has(entry.own[i]!)) sent.push(entry.own[i]!, entry.own[i + 1]!);
  }
  sent.push(CACHE_STATUS_HEADER, status);
  return sent;
}

/** Builds a cache entry from a 200 response the app rendered (status, headers as set, full body). */
export async function buildCachedResponse(input: {
  key: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  replay: readonly string[];
  now: number;
}): Promise<CachedResponse> {
  const { headers, body } = input;
  const given = headerValues(headers['etag'])[0];
  // The API leaves the ETag of what it renders for the cache to the cache: the same strong hash it would send.
  const etag = given ?? bodyEtag(body);
  const shared: string[] = [];
  const own: string[] = ['etag', etag];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (PER_TRANSFER.has(lower)) continue;
    for (const item of headerValues(value)) (OWN_HEADERS.has(lower) ? own : shared).push(lower, item);
  }
  shared.push('vary', mergedVary(headers['vary']));

  const compress = isCompressible(headerValues(headers['content-type'])[0], body.length);
  const stored = compress ? await brotliOneAtATime(body, brotliOptions(STORED_QUALITY, body.length)) : ownBytes(body);
  const tags = declaredCacheKeys(headers[SURROGATE_KEY_HEADER]);
  const cost: EntryCost = {
    body: stored.length,
    // Header values are Latin-1 (one byte a character in V8), plus a slot each.
    headers: [...own, ...tags].reduce((sum, item) => sum + item.length + 8, 0),
    key: input.key.length * 2,
    fixed: FIXED_BYTES,
  };
  return {
    etag,
    tags,
    stored: compress ? 'br' : 'identity',
    body: stored,
    shared: sharedHeaders(shared),
    own,
    identityLength: body.length,
    derived: {},
    replay: input.replay,
    storedAt: input.now,
    bytes: cost.body + cost.headers + cost.key + cost.fixed,
    cost,
  };
}
