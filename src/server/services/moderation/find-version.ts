import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { nodeVersions, versionScans } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { normalizeVersion } from '../versions/semver.ts';

/** The node's version with this number (normalised as on publish); deleted ones are 404. */
export async function getVersionByNumber(db: Db, node: NodeRow, version: string): Promise<NodeVersionRow> {
  const normalized = normalizeVersion(version) ?? version;
  const [row] = await db
    .select()
    .from(nodeVersions)
    .where(and(eq(nodeVersions.nodeId, node.id), eq(nodeVersions.version, normalized)))
    .limit(1);
  if (!row || row.status === 'NodeVersionStatusDeleted') {
    throw notFound(`Version "${version}" not found for node "${node.id}".`);
  }
  return row;
}

export async function getScanRecord(db: Db, versionId: string) {
  const [row] = await db.select().from(versionScans).where(eq(versionScans.nodeVersionId, versionId));
  return row ?? null;
}
