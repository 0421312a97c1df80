import { createHash } from 'node:crypto';
import { canonicalJson } from '../../index-protocol/canonical-json.ts';
import { signBytes, type SigningKey } from '../../index-protocol/signatures.ts';

/** An index document as it goes out: its exact bytes, their signature, and a strong validator. */
export interface SignedDocument {
  cursor: number;
  body: Buffer;
  signature: string;
  keyId: string;
  /** Quoted strong ETag of the uncompressed bytes (the same on every instance for the same state). */
  etag: string;
}

export function signDocument(cursor: number, document: unknown, key: SigningKey): SignedDocument {
  const body = Buffer.from(canonicalJson(document), 'utf8');
  return {
    cursor,
    body,
    signature: signBytes(body, key),
    keyId: key.id,
    etag: `"${createHash('sha256').update(body).digest('base64url')}"`,
  };
}
