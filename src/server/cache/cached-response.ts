import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** A response kept ready to send: every encoding already compressed, every header list already built. */
export interface CachedResponse {
  etag: string;
  /** writeHead-ready header lists (Content-Length and Content-Encoding included) per encoding. */
  headers: Record<Encoding, string[]>;
  bodies: Record<Encoding, Buffer>;
  /** Headers of the 304 answer to a matching If-None-Match. */
  notModifiedHeaders: string[];
  /** Search queries the render recorded (popular queries): recorded again on every hit. */
  replay: readonly string[];
  storedAt: number;
  /** What the entry costs in memory, roughly: bodies + headers + key. */
  bytes: number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Compressed once per render and then served many times, in the zlib thread pool (off the event loop).
// Brotli 5 is near gzip -9 in size at a few ms for a 100 KB page; higher levels cost tens of ms per miss.
const BROTLI_OPTIONS = {
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

/** Compresses one body for one encoding (also for uncached responses that pass through the cache). */
export function encodeBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotli(body, BROTLI_OPTIONS);
  if (encoding === 'gzip') return gzipAsync(body);
  return Promise.resolve(body);
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
  const [br, gz] = compress ? await Promise.all([encodeBody(body, 'br'), encodeBody(body, 'gzip')]) : [body, body];
  const bodies: Record<Encoding, Buffer> = { br, gzip: gz, identity: body };
  const headersFor = (encoding: Encoding): string[] => [
    ...common,
    ...(compress && encoding !== 'identity' ? ['content-encoding', encoding] : []),
    'content-length',
    String(bodies[encoding].length),
    CACHE_STATUS_HEADER,
    'HIT',
  ];
  const headerBytes = common.reduce((sum, item) => sum + item.length, 0) * 3;
  return {
    etag,
    headers: { br: headersFor('br'), gzip: headersFor('gzip'), identity: headersFor('identity') },
    bodies,
    notModifiedHeaders: [...notModified, CACHE_STATUS_HEADER, 'HIT'],
    replay: input.replay,
    storedAt: input.now,
    bytes: body.length + (compress ? br.length + gz.length : 0) + headerBytes + input.key.length * 2 + 256,
  };
}
