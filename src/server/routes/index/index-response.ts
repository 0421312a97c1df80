import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { negotiateEncoding } from '../../cache/negotiate-encoding.ts';
import { CURSOR_HEADER, KEY_ID_HEADER, SIGNATURE_HEADER } from '../../index-protocol/format.ts';
import type { SignedDocument } from '../../services/index-protocol/signed-document.ts';

type Encoding = 'identity' | 'gzip' | 'br';

/** The strong validator of one encoding of a document: encodings are different bytes, so different tags. */
const etagFor = (etag: string, encoding: Encoding) =>
  encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;

/** If-None-Match names this document in any of its encodings (a CDN may revalidate with another one). */
function unchanged(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const variants = new Set([etag, etagFor(etag, 'gzip'), etagFor(etag, 'br')]);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || variants.has(tag);
  });
}

/**
 * Sends a signed index document: the body in the negotiated encoding (precomputed when given, else
 * the server's compression takes care of it), the signature over the uncompressed bytes in headers,
 * and a 304 when the client's copy is current.
 */
export function sendIndexDocument(
  c: Context<AppEnv>,
  document: SignedDocument,
  options: { cacheControl: string; encoded?: Record<Encoding, Buffer> },
) {
  const encoding: Encoding = options.encoded ? negotiateEncoding(c.req.header('accept-encoding')) : 'identity';
  const headers: Record<string, string> = {
    'Cache-Control': options.cacheControl,
    ETag: etagFor(document.etag, encoding),
    Vary: 'Accept-Encoding',
    [SIGNATURE_HEADER]: document.signature,
    [KEY_ID_HEADER]: document.keyId,
    [CURSOR_HEADER]: String(document.cursor),
  };
  if (unchanged(c.req.header('if-none-match'), document.etag)) return c.body(null, 304, headers);
  const body = options.encoded ? options.encoded[encoding] : document.body;
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Content-Length'] = String(body.length);
  // Hono drops the body of a HEAD itself. Buffers are ArrayBuffer-backed here (zlib and Buffer.from), which Hono wants.
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}
