import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip } from 'node:zlib';
import { declaredCacheKeys, SURROGATE_KEY_HEADER } from './cache-keys.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A response kept ready to send. The body is stored once: brotli-compressed when the type compresses
 * (nearly every client takes brotli), else as it is. The rare client without brotli gets it
 * decompressed, and gzipped again if it takes gzip, on the fly (`bodyFor`).
 */
export interface CachedResponse {
  etag: string;
  /** The cache keys the answer declared (Surrogate-Key): a change naming one of them drops the entry. */
  tags: readonly string[];
  /** How `body` is stored. */
  stored: 'br' | 'identity';
  body: Buffer;
  /** Headers every encoding shares (no Content-Length, Content-Encoding or cache status), flat name/value. */
  common: readonly string[];
  /** writeHead-ready headers for the stored body (Content-Length and Content-Encoding included). */
  storedHeaders: readonly string[];
  /** Length of the uncompressed body (for identity answers). */
  identityLength: number;
  /**
   * Bodies derived for clients without brotli, kept once asked for (ResponseStore.keepDerived counts
   * them in the entry's bytes): only entries such clients actually read pay for a second copy.
   */
  derived: Partial<Record<'gzip' | 'identity', Buffer>>;
  /** Headers of the 304 answer to a matching If-None-Match. */
  notModifiedHeaders: readonly string[];
  /** Search queries the render recorded (popular queries): recorded again on every hit. */
  replay: readonly string[];
  storedAt: number;
  /** What the entry costs in memory, roughly: body + headers + key. */
  bytes: number;
}

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

// Compressed once per render and then served many times, in the zlib thread pool (off the event loop).
// The stored copy is what fills memory, so it uses a higher brotli quality than a one-off answer.
const STORED_BROTLI = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 7,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
const ONE_OFF_BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
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
/** Headers a 304 repeats (RFC 9110 §15.4.5). */
const NOT_MODIFIED_KEEPS = new Set(['cache-control', 'content-location', 'expires']);

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
  if (encoding === 'br') return brotli(body, ONE_OFF_BROTLI);
  if (encoding === 'gzip') return gzipAsync(body);
  return Promise.resolve(body);
}

/** The body in the encoding a client takes: the stored bytes, or derived from them on the fly. */
export async function bodyFor(entry: CachedResponse, encoding: Encoding): Promise<Buffer> {
  if (entry.stored === 'identity' || encoding === 'br') return entry.body;
  const kept = entry.derived[encoding];
  if (kept) return kept;
  const plain = entry.derived.identity ?? (await unbrotli(entry.body));
  return encoding === 'gzip' ? gzipAsync(plain) : plain;
}

/** The encoding an entry is sent in for a client that negotiated `encoding`. */
export function sentEncoding(entry: CachedResponse, encoding: Encoding): Encoding {
  return entry.stored === 'identity' ? 'identity' : encoding;
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
  const etag = given ?? `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const vary = mergedVary(headers['vary']);
  const common: string[] = [];
  const notModified: string[] = ['etag', etag, 'vary', vary];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (PER_TRANSFER.has(lower)) continue;
    for (const item of headerValues(value)) {
      common.push(lower, item);
      if (NOT_MODIFIED_KEEPS.has(lower)) notModified.push(lower, item);
    }
  }
  common.push('etag', etag, 'vary', vary);

  const compress = isCompressible(headerValues(headers['content-type'])[0], body.length);
  const stored = compress ? await brotli(body, STORED_BROTLI) : body;
  const storedHeaders = [
    ...common,
    ...(compress ? ['content-encoding', 'br'] : []),
    'content-length',
    String(stored.length),
    CACHE_STATUS_HEADER,
    'HIT',
  ];
  const headerBytes = common.reduce((sum, item) => sum + item.length, 0) + 64;
  return {
    etag,
    tags: declaredCacheKeys(headers[SURROGATE_KEY_HEADER]),
    stored: compress ? 'br' : 'identity',
    body: stored,
    common,
    storedHeaders,
    identityLength: body.length,
    derived: {},
    notModifiedHeaders: [...notModified, CACHE_STATUS_HEADER, 'HIT'],
    replay: input.replay,
    storedAt: input.now,
    bytes: stored.length + headerBytes + input.key.length * 2 + 256,
  };
}
