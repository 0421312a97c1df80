import type { TokenRow } from '../../db/rows.ts';

/** A token as listed: never the secret nor its hash, only the display prefix to tell tokens apart. */
export function toApiToken(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    displayPrefix: row.displayPrefix,
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    ...(row.lastUsedAt ? { lastUsedAt: row.lastUsedAt.toISOString() } : {}),
  };
}

export type ApiToken = ReturnType<typeof toApiToken>;

/** What the audit log keeps of a token. */
export const tokenAuditView = (row: TokenRow) => ({
  id: row.id,
  publisher_id: row.publisherId,
  name: row.name,
  display_prefix: row.displayPrefix,
  expires_at: row.expiresAt,
  created_by: row.createdBy,
});
