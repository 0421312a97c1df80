import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { nodeVersions } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';

export interface VersionUpdateInput {
  changelog?: string | undefined;
  deprecated?: boolean | undefined;
}

/** Versions are immutable except their changelog and the deprecated flag. */
export async function updateVersion(
  db: Db,
  actor: UserRow,
  version: NodeVersionRow,
  input: VersionUpdateInput,
  now: Date,
): Promise<NodeVersionRow> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as VersionUpdateInput;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(nodeVersions)
      .set({ ...changes, updatedAt: now })
      .where(eq(nodeVersions.id, version.id))
      .returning();
    if (!updated) throw new Error(`version ${version.id} vanished during update`);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'version.update',
      targetType: 'node_version',
      targetId: version.id,
      before: {
        node_id: version.nodeId,
        version: version.version,
        changelog: version.changelog,
        deprecated: version.deprecated,
      },
      after: {
        node_id: updated.nodeId,
        version: updated.version,
        changelog: updated.changelog,
        deprecated: updated.deprecated,
      },
    });
    return updated;
  });
}
