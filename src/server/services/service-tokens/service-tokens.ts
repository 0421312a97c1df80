import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceTokens } from '../../db/schema/index.ts';
import { generateToken, hashToken } from '../tokens/token-format.ts';

/** Service tokens look like `nyd_svc_<43 url-safe chars>`, distinct from publishers' `nyd_pat_`. */
export const SERVICE_TOKEN_PREFIX = 'nyd_svc_';

export interface ServiceIdentity {
  id: string;
  name: string;
}

/** Creates a token; the plaintext is returned once and never stored. */
export async function createServiceToken(db: Db, name: string): Promise<{ token: string } & ServiceIdentity> {
  const { token, hash, displayPrefix } = generateToken(SERVICE_TOKEN_PREFIX);
  const [row] = await db.insert(serviceTokens).values({ name, tokenHash: hash, displayPrefix }).returning();
  return { token, id: row!.id, name: row!.name };
}

/** The live (not revoked) service a plaintext token belongs to, or null. */
export async function findServiceByToken(db: Db, token: string): Promise<ServiceIdentity | null> {
  if (!token.startsWith(SERVICE_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({ id: serviceTokens.id, name: serviceTokens.name })
    .from(serviceTokens)
    .where(and(eq(serviceTokens.tokenHash, hashToken(token)), isNull(serviceTokens.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function revokeServiceToken(db: Db, name: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(serviceTokens)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(serviceTokens.name, name), isNull(serviceTokens.revokedAt)))
    .returning({ id: serviceTokens.id });
  return rows.length > 0;
}

export async function listServiceTokens(db: Db) {
  return db
    .select({
      name: serviceTokens.name,
      displayPrefix: serviceTokens.displayPrefix,
      createdAt: serviceTokens.createdAt,
      revokedAt: serviceTokens.revokedAt,
    })
    .from(serviceTokens)
    .orderBy(serviceTokens.name);
}
