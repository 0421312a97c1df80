import { z } from 'zod';

// The documents of the signed index (docs/index-protocol.md): one snapshot of the whole public
// catalogue, and deltas from a cursor. Shared by the server that writes them, the mirror and the
// reference client that read them (which validate them with these schemas before using anything).

export const INDEX_FORMAT = 'nodeyard-index/1';

/** A cursor is a decimal position in the registry's change feed, sent as a string (opaque to clients). */
export const CursorSchema = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'must be a cursor from the index (digits)');

const text = z.string().max(100_000);
const list = z.array(z.string().max(10_000)).max(100_000);

export const IndexPackSchema = z.object({
  id: z.string().min(1).max(200),
  name: text,
  publisher: z.object({ id: z.string().min(1).max(200), name: text }),
  description: text.optional(),
  author: text.optional(),
  category: text.optional(),
  license: text.optional(),
  icon: text.optional(),
  repository: text.optional(),
  tags: list.optional(),
  supported_os: list.optional(),
  supported_accelerators: list.optional(),
  supported_comfyui_version: text.optional(),
  supported_comfyui_frontend_version: text.optional(),
  /** The highest installable, not yanked version; absent when the pack has none here (install from the repository). */
  latest_version: text.optional(),
  /** The latest version is deprecated, with the publisher's note. */
  deprecated: z.literal(true).optional(),
  deprecation_message: text.optional(),
  /** Node classes of the latest version (or, for imported packs, of the catalogue), sorted. */
  node_classes: list.optional(),
  created_at: z.string().max(40),
});

export const IndexVersionSchema = z.object({
  pack: z.string().min(1).max(200),
  version: z.string().min(1).max(100),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  download_url: z.url(),
  dependencies: list.optional(),
  supported_os: list.optional(),
  supported_accelerators: list.optional(),
  supported_comfyui_version: text.optional(),
  supported_comfyui_frontend_version: text.optional(),
  deprecated: z.literal(true).optional(),
  deprecation_message: text.optional(),
  /**
   * Yanked by its publisher or an admin: never a pack's latest_version, but still installable by exact
   * version (a pin keeps working), with the reason. Added in place; older readers ignore it.
   */
  yanked: z.literal(true).optional(),
  yanked_reason: text.optional(),
  /**
   * Ids of the active security advisories about this version (GET /advisories/{id}; docs/advisories.md). A
   * malware one means installs are refused. Added in place; older readers ignore it.
   */
  advisories: list.optional(),
  /**
   * How it was published (docs/index-protocol.md § Provenance): the CI source with trusted publishing,
   * else only `published_with`; absent when unknown (imported). Added in place; older readers ignore it.
   */
  provenance: z
    .object({
      published_with: z.enum(['trusted_publishing', 'personal_access_token', 'dashboard_upload']),
      repository: text.optional(),
      commit: text.optional(),
      ref: text.optional(),
      workflow: text.optional(),
      run_id: text.optional(),
    })
    .optional(),
  created_at: z.string().max(40),
});

export const TombstoneSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pack'), pack: z.string(), reason: z.enum(['banned', 'deleted', 'withheld']) }),
  z.object({
    type: z.literal('version'),
    pack: z.string(),
    version: z.string(),
    reason: z.enum(['banned', 'deleted', 'withdrawn']),
    /**
     * A `withdrawn` version left because reports quarantined it (it may come back if an admin releases
     * it). Added in place; older readers ignore it and drop the version as before.
     */
    quarantined: z.literal(true).optional(),
  }),
]);

export const IndexSnapshotSchema = z.object({
  format: z.literal(INDEX_FORMAT),
  kind: z.literal('snapshot'),
  cursor: CursorSchema,
  packs: z.array(IndexPackSchema),
  versions: z.array(IndexVersionSchema),
});

export const IndexDeltaSchema = z.object({
  format: z.literal(INDEX_FORMAT),
  kind: z.literal('delta'),
  since: CursorSchema,
  cursor: CursorSchema,
  /** More changes follow: ask again from `cursor` at once. */
  more: z.boolean(),
  packs: z.array(IndexPackSchema),
  versions: z.array(IndexVersionSchema),
  removed: z.array(TombstoneSchema),
});

export const IndexKeysSchema = z.object({
  keys: z.array(
    z.object({
      id: z.string(),
      algorithm: z.literal('ed25519'),
      /** The raw 32-byte public key, base64. */
      public_key: z.string(),
      /** This key signs what the index serves now (the others are announced or retiring). */
      signing: z.boolean(),
    }),
  ),
});

export type IndexPack = z.infer<typeof IndexPackSchema>;
export type IndexVersion = z.infer<typeof IndexVersionSchema>;
export type Tombstone = z.infer<typeof TombstoneSchema>;
export type IndexSnapshot = z.infer<typeof IndexSnapshotSchema>;
export type IndexDelta = z.infer<typeof IndexDeltaSchema>;
export type IndexKeys = z.infer<typeof IndexKeysSchema>;

/** Rows in the one order every instance writes them: packs by id, versions by pack then version. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const comparePacks = (a: IndexPack, b: IndexPack) => byCodeUnits(a.id, b.id);
export const compareVersions = (a: IndexVersion, b: IndexVersion) =>
  byCodeUnits(a.pack, b.pack) || byCodeUnits(a.version, b.version);

/** The headers that carry a document's signature (over the exact uncompressed body) and its key id. */
export const SIGNATURE_HEADER = 'Nodeyard-Signature';
export const KEY_ID_HEADER = 'Nodeyard-Key-Id';
/** The change-feed position a document describes (also in its body), for caches and logs. */
export const CURSOR_HEADER = 'Nodeyard-Index-Cursor';
