import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { customerApiKeys, customers, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { hashToken } from '../tokens/token-format.ts';
import { recordCustomerEvent } from './events.ts';

export type ApiKeyRow = typeof customerApiKeys.$inferSelect;

/**
 * Customer API keys look like `nyd_ak_<43 url-safe chars>`: the prefix lets secret scanners and
 * people recognise a leaked key, and tells it apart from publisher tokens (`nyd_pat_`).
 */
export const API_KEY_PREFIX = 'nyd_ak_';
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX);
}

/** Metadata safe to log: never the hash or the plaintext. */
export const apiKeyAuditView = (row: ApiKeyRow) => ({
  id: row.id,
  customerId: row.customerId,
  name: row.name,
  description: row.description,
  keyPrefix: row.keyPrefix,
  revokedAt: row.revokedAt,
});

export async function createApiKey(
  db: Db,
  actor: UserRow,
  input: { name: string; description: string },
): Promise<{ row: ApiKeyRow; plaintext: string }> {
  const plaintext = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerApiKeys)
      .values({
        customerId: actor.id,
        name: input.name,
        description: input.description,
        keyHash: hashToken(plaintext),
        keyPrefix: plaintext.slice(0, SHOWN_PREFIX_LENGTH),
      })
      .returning();
    await recordCustomerEvent(tx, actor.id, 'api_key_created', { api_key_id: row!.id, name: row!.name });
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'customer.api_key.create',
      targetType: 'customer_api_key',
      targetId: row!.id,
      after: apiKeyAuditView(row!),
    });
    return { row: row!, plaintext };
  });
}

/** The customer's live keys, newest first. */
export async function listApiKeys(db: Db, customerId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(customerApiKeys)
    .where(and(eq(customerApiKeys.customerId, customerId), isNull(customerApiKeys.revokedAt)))
    .orderBy(desc(customerApiKeys.createdAt));
}

/** Revokes one of the customer's own keys; another customer's key is a 404 (never revealed). */
export async function revokeApiKey(db: Db, actor: UserRow, keyId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(customerApiKeys)
      .set({ revokedAt: now, updatedAt: now })
      .where(
        and(eq(customerApiKeys.id, keyId), eq(customerApiKeys.customerId, actor.id), isNull(customerApiKeys.revokedAt)),
      )
      .returning();
    if (!row) throw notFound(`API key "${keyId}" not found.`);
    await recordCustomerEvent(tx, actor.id, 'api_key_deleted', { api_key_id: row.id, name: row.name });
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'customer.api_key.revoke',
      targetType: 'customer_api_key',
      targetId: row.id,
      before: { ...apiKeyAuditView(row), revokedAt: null },
      after: apiKeyAuditView(row),
    });
  });
}

/** The key's owner for a presented plaintext key, or null when unknown or revoked. */
export async function findApiKeyOwner(db: Db, plaintext: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  if (!looksLikeApiKey(plaintext)) return null;
  const [found] = await db
    .select({ key: customerApiKeys, user: users })
    .from(customerApiKeys)
    .innerJoin(customers, eq(customers.id, customerApiKeys.customerId))
    .innerJoin(users, eq(users.id, customers.id))
    .where(and(eq(customerApiKeys.keyHash, hashToken(plaintext)), isNull(customerApiKeys.revokedAt)));
  return found ?? null;
}

/** Records when a key was last used (best effort: a failure here never fails the request). */
export async function touchApiKey(db: Db, keyId: string, now: Date): Promise<void> {
  await db
    .update(customerApiKeys)
    .set({ lastUsedAt: now })
    .where(eq(customerApiKeys.id, keyId))
    .catch(() => undefined);
}
