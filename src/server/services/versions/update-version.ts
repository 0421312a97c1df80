import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { bumpedUpdatedAt } from '../nodes/node-state.ts';
import { recordAudit, userActor } from '../audit/record.ts';

export interface VersionUpdateInput {
  changelog?: string | undefined;
  deprecated?: boolean | undefined;
  /** Kept while deprecated; un-deprecating clears it. */
  deprecationMessage?: string | undefined;
}

/**
 * Versions are immutable except their changelog, the deprecated flag and its message. The node's
 * updated_at is bumped too: cards and the node page show deprecation, so search and the response
 * cache must see it.
 */
export async function updateVersion(
  db: Db,
  actor: UserRow,
  version: NodeVersionRow,
  input: VersionUpdateInput,
  now: Date,
): Promise<NodeVersionRow> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as VersionUpdateInput;
  if (changes.deprecated === false) changes.deprecationMessage = '';
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(nodeVersions)
      .set({ ...changes, updatedAt: now })
      .where(eq(nodeVersions.id, version.id))
      .returning();
    if (!updated) throw new Error(`version ${version.id} vanished during update`);
    await tx.update(nodes).set({ updatedAt: bumpedUpdatedAt }).where(eq(nodes.id, version.nodeId));
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
        deprecation_message: version.deprecationMessage,
      },
      after: {
        node_id: updated.nodeId,
        version: updated.version,
        changelog: updated.changelog,
        deprecated: updated.deprecated,
        deprecation_message: updated.deprecationMessage,
      },
    });
    return updated;
  });
}
