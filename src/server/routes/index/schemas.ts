import { z } from '@hono/zod-openapi';

// OpenAPI descriptions of the index documents. The normative schemas are index-protocol/format.ts
// (what the mirror and the reference client validate with); these describe the same shapes.

const loose = z.object({}).catchall(z.unknown());

export const IndexSnapshotDocSchema = z
  .object({
    format: z.literal('nodeyard-index/1'),
    kind: z.literal('snapshot'),
    cursor: z
      .string()
      .openapi({ description: 'The change-feed position this snapshot shows; follow changes from it.' }),
    packs: z.array(loose).openapi({ description: 'Every public pack, by id (docs/index-protocol.md).' }),
    versions: z.array(loose).openapi({ description: 'Every installable version, by pack then version.' }),
  })
  .openapi('IndexSnapshot');

export const IndexDeltaDocSchema = z
  .object({
    format: z.literal('nodeyard-index/1'),
    kind: z.literal('delta'),
    since: z.string(),
    cursor: z.string().openapi({ description: 'Ask for the next changes from here.' }),
    more: z.boolean().openapi({ description: 'More changes are waiting: ask again from cursor at once.' }),
    packs: z.array(loose),
    versions: z.array(loose),
    removed: z.array(loose).openapi({ description: 'Tombstones: packs and versions that left the public catalogue.' }),
  })
  .openapi('IndexDelta');

export const IndexKeysDocSchema = z
  .object({
    keys: z.array(
      z.object({
        id: z.string(),
        algorithm: z.literal('ed25519'),
        public_key: z.string().openapi({ description: 'Raw 32-byte Ed25519 public key, base64.' }),
        signing: z.boolean().openapi({ description: 'This key signs what the index serves now.' }),
      }),
    ),
  })
  .openapi('IndexKeys');

export const signedHeaders = {
  'Nodeyard-Signature': {
    description: 'Ed25519 signature (base64) of the exact uncompressed body.',
    schema: { type: 'string' as const },
  },
  'Nodeyard-Key-Id': { description: 'Which key of GET /index/v1/keys signed it.', schema: { type: 'string' as const } },
  'Nodeyard-Index-Cursor': {
    description: 'The change-feed position the document shows.',
    schema: { type: 'string' as const },
  },
  ETag: { description: 'Strong validator of the body in its encoding.', schema: { type: 'string' as const } },
};
