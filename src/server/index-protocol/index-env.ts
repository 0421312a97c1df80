import { z } from 'zod';

/** Settings of the signed index and of mirror mode (docs/index-protocol.md, .env.example). */
export const indexEnvShape = {
  /**
   * Ed25519 private key (PKCS#8 PEM; "\n" may stand for line breaks) that signs the index. Every
   * instance of one registry must use the same. Unset: kept in DATA_DIR/index-signing-key.pem
   * (generated on first start), which suits one embedded instance.
   */
  INDEX_SIGNING_KEY: z.string().min(1).optional(),
  /** The same as a file (e.g. a mounted secret) instead of the value itself. */
  INDEX_SIGNING_KEY_FILE: z.string().min(1).optional(),
  /**
   * Comma-separated raw Ed25519 public keys (base64, as /index/v1/keys shows them) to publish beside
   * the signing key: the next key before a rotation, the previous one for a while after it.
   */
  INDEX_EXTRA_PUBLIC_KEYS: z.string().optional(),
  /** How long changes stay answerable by GET /index/v1/changes; older cursors must fetch the snapshot. */
  INDEX_CHANGES_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Run as a read-only mirror of this registry (its API base URL): the catalogue comes from its signed
   * index, archives from its download URLs checked against their sha256; every write answers 403.
   */
  MIRROR_UPSTREAM: z.url({ protocol: /^https?$/ }).optional(),
  /** The upstream's index public keys, pinned (comma-separated raw base64, from its /index/v1/keys). */
  MIRROR_UPSTREAM_KEYS: z.string().optional(),
  /** How often the mirror asks the upstream for changes. */
  MIRROR_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(5),
};
