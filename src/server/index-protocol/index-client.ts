import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  IndexDeltaSchema,
  IndexSnapshotSchema,
  KEY_ID_HEADER,
  SIGNATURE_HEADER,
  type IndexDelta,
  type IndexSnapshot,
} from './format.ts';
import { verifyBytes, type PublicIndexKey } from './signatures.ts';

// The reference client of the signed index (docs/index-protocol.md): fetch, verify against pinned
// keys, validate, and hand each document to a sink. The read-only mirror (services/mirror/) and
// `npm run index -- sync` (scripts/index.ts) are both this code with a different sink.

/** Something from the upstream failed verification: never used, always reported. */
export class IndexRefused extends Error {
  override name = 'IndexRefused';
  readonly reason: 'signature' | 'unknown_key' | 'format' | 'archive';
  constructor(reason: IndexRefused['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface IndexSink {
  /** Replace everything with this snapshot (first sync, or after a 410). */
  replace(snapshot: IndexSnapshot): Promise<void>;
  /** Apply one page of changes (packs and versions upserted, tombstones removed). */
  apply(delta: IndexDelta): Promise<void>;
}

export interface SyncOptions {
  /** The upstream API base URL (e.g. https://api.registry.example.com). */
  upstream: string;
  /** Pinned public keys: a document signed by any other key is refused. */
  keys: PublicIndexKey[];
  /** Where the sink is: null for nothing yet (a snapshot is fetched). */
  cursor: string | null;
  sink: IndexSink;
  fetch?: typeof fetch;
}

export interface SyncResult {
  cursor: string;
  snapshots: number;
  deltas: number;
  /** Bytes of the documents as received and verified (uncompressed). */
  bytes: number;
}

const base = (upstream: string) => upstream.replace(/\/+$/, '');

/** Checks the detached signature of `bytes` against the pinned key the response names. */
export function verifySigned(bytes: Uint8Array, headers: Headers, keys: PublicIndexKey[], what: string): string {
  const keyId = headers.get(KEY_ID_HEADER);
  const signature = headers.get(SIGNATURE_HEADER);
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key)
    throw new IndexRefused('unknown_key', `${what} is signed by key ${keyId ?? '(none)'}, which is not pinned.`);
  if (!signature || !verifyBytes(bytes, signature, key.publicKey)) {
    throw new IndexRefused('signature', `${what}: the signature does not match its bytes (key ${key.id}).`);
  }
  return key.id;
}

function parseDocument<T>(bytes: Uint8Array, schema: z.ZodType<T>, what: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new IndexRefused('format', `${what} is not JSON.`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new IndexRefused('format', `${what} is not an index document: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

async function get(fetchFn: typeof fetch, url: string): Promise<Response> {
  // fetch decompresses brotli and gzip itself: the signature is over the uncompressed bytes.
  return fetchFn(url, { headers: { 'accept-encoding': 'br, gzip', accept: 'application/json' } });
}

async function fetchSnapshot(options: SyncOptions, fetchFn: typeof fetch) {
  const url = `${base(options.upstream)}/index/v1/snapshot`;
  const response = await get(fetchFn, url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}.`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  verifySigned(bytes, response.headers, options.keys, 'The snapshot');
  return { snapshot: parseDocument(bytes, IndexSnapshotSchema, 'The snapshot'), bytes: bytes.length };
}

/** Follows the upstream's index from `cursor` to its head, verifying every document before the sink sees it. */
export async function syncIndex(options: SyncOptions): Promise<SyncResult> {
  const fetchFn = options.fetch ?? fetch;
  const result: SyncResult = { cursor: options.cursor ?? '', snapshots: 0, deltas: 0, bytes: 0 };
  const snapshot = async () => {
    const fetched = await fetchSnapshot(options, fetchFn);
    await options.sink.replace(fetched.snapshot);
    result.cursor = fetched.snapshot.cursor;
    result.snapshots += 1;
    result.bytes += fetched.bytes;
  };
  if (options.cursor === null) await snapshot();
  for (;;) {
    const url = `${base(options.upstream)}/index/v1/changes?since=${encodeURIComponent(result.cursor)}`;
    const response = await get(fetchFn, url);
    // Expired or unknown cursor: start over from the snapshot.
    if (response.status === 410) {
      await response.body?.cancel();
      await snapshot();
      continue;
    }
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}.`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    verifySigned(bytes, response.headers, options.keys, `The changes since ${result.cursor}`);
    const delta = parseDocument(bytes, IndexDeltaSchema, `The changes since ${result.cursor}`);
    if (delta.since !== result.cursor) {
      throw new IndexRefused('format', `Asked for changes since ${result.cursor}, got changes since ${delta.since}.`);
    }
    result.bytes += bytes.length;
    if (delta.cursor !== delta.since || delta.packs.length + delta.versions.length + delta.removed.length > 0) {
      await options.sink.apply(delta);
      result.deltas += 1;
    }
    result.cursor = delta.cursor;
    if (!delta.more) return result;
  }
}

/** Downloads an archive and checks it against the index's size and sha256; refuses anything else. */
export async function fetchVerifiedArchive(
  url: string,
  expected: { sha256: string; size: number },
  fetchFn: typeof fetch = fetch,
): Promise<Uint8Array> {
  const response = await fetchFn(url, { redirect: 'follow' });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}.`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length !== expected.size || sha256 !== expected.sha256) {
    throw new IndexRefused(
      'archive',
      `${url}: ${bytes.length} bytes with sha256 ${sha256}, but the index says ${expected.size} bytes with ${expected.sha256}.`,
    );
  }
  return bytes;
}
