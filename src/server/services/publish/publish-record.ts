import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * Who published a version, read from its `node_version.publish` audit entry (append-only, written
 * in the publish transaction), so it is known even after the token itself was revoked: the account
 * that acted (the token's creator) and the personal access token it used, when it used one, or the
 * trusted publisher whose CI job published it (trusted publishing).
 */
export interface PublishRecord {
  userId: string | null;
  tokenId: string | null;
  trustedPublisherId: string | null;
}

export async function readPublishRecord(db: Db, versionId: string): Promise<PublishRecord> {
  const [entry] = await db
    .select({ userId: auditLog.actorUserId, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'node_version'),
        eq(auditLog.targetId, versionId),
        eq(auditLog.action, 'node_version.publish'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  const after = entry?.after as { accessKey?: { id?: unknown }; trustedPublisherId?: unknown } | null | undefined;
  const key = after?.accessKey;
  return {
    userId: entry?.userId ?? null,
    tokenId: typeof key?.id === 'string' ? key.id : null,
    trustedPublisherId: typeof after?.trustedPublisherId === 'string' ? after.trustedPublisherId : null,
  };
}
