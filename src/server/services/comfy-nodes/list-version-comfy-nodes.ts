import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import type { ComfyNodeRow } from '../../db/rows.ts';
import { comfyNodes } from '../../db/schema/index.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

// Built once (db/prepared.ts): the node page asks for its first page on every cold render.
const pageStatement = preparedPerDb((db) =>
  db
    .select({ row: comfyNodes, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(comfyNodes)
    .where(eq(comfyNodes.nodeVersionId, sql.placeholder('versionId')))
    .orderBy(asc(comfyNodes.name), asc(comfyNodes.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('version_comfy_nodes_page'),
);

/**
 * A page of one version's node classes, by name (uses the (node_version_id, name) unique index), and how
 * many it has: one query, the total counted beside the rows; a second only for a page past the end.
 */
export async function listVersionComfyNodes(
  db: Db,
  nodeVersionId: string,
  paging: Paging,
): Promise<{ rows: ComfyNodeRow[]; total: number }> {
  const where = eq(comfyNodes.nodeVersionId, nodeVersionId);
  const offset = pageOffset(paging);
  const found = await pageStatement(db).execute({ versionId: nodeVersionId, limit: paging.limit, offset });
  if (found.length > 0 || offset === 0) return { rows: found.map(({ row }) => row), total: found[0]?.total ?? 0 };
  const [counted] = await db.select({ total: count() }).from(comfyNodes).where(where);
  return { rows: [], total: counted?.total ?? 0 };
}

/** One class of a version by its exact name. */
export async function findVersionComfyNode(
  db: Db,
  nodeVersionId: string,
  name: string,
): Promise<ComfyNodeRow | undefined> {
  const [row] = await db
    .select()
    .from(comfyNodes)
    .where(and(eq(comfyNodes.nodeVersionId, nodeVersionId), eq(comfyNodes.name, name)))
    .limit(1);
  return row;
}
