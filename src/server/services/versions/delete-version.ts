import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { nodeVersions } from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { refreshLatestVersion } from './latest.ts';

/**
 * Soft delete (status Deleted) and a fresh "latest version" in the same transaction. The row stays, so
 * the unique (node_id, version) index keeps the number reserved: it can never be published again.
 * A banned version keeps its ban: only an admin may delete it.
 */
export async function deleteVersion(db: Db, actor: UserRow, version: NodeVersionRow, now: Date): Promise<void> {
  if (version.status === 'NodeVersionStatusBanned' && !actor.isAdmin) {
    throw forbidden(`Version ${version.version} is banned and cannot be deleted.`, 'version_banned');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(nodeVersions)
      .set({ status: 'NodeVersionStatusDeleted', updatedAt: now })
      .where(eq(nodeVersions.id, version.id));
    await refreshLatestVersion(tx, version.nodeId);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'version.delete',
      targetType: 'node_version',
      targetId: version.id,
      before: { node_id: version.nodeId, version: version.version, status: version.status },
      after: { node_id: version.nodeId, version: version.version, status: 'NodeVersionStatusDeleted' },
    });
  });
}
