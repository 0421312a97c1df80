import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';

// Built once (db/prepared.ts): nearly every API request about a node starts here.
const findStatement = preparedPerDb((db) =>
  db
    .select()
    .from(nodes)
    .where(eq(nodes.normalizedId, sql.placeholder('normalizedId')))
    .limit(1)
    .prepare('find_node'),
);

/** Node ids are unique case-insensitively; clients (Manager) look them up lower-cased. */
export async function findNode(db: Db, id: string): Promise<NodeRow | undefined> {
  const [row] = await findStatement(db).execute({ normalizedId: id.toLowerCase() });
  return row;
}

/** A node that the public may see: 404 when unknown or deleted, 403 when banned. */
export async function getVisibleNode(db: Db, id: string): Promise<NodeRow> {
  return visibleNode(await findNode(db, id), id);
}

/** getVisibleNode's rule for a node read some other way (`id` as it was asked for). */
export function visibleNode(node: NodeRow | undefined, id: string): NodeRow {
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${id}" not found.`);
  if (node.status === 'NodeStatusBanned') throw forbidden(`Node "${node.id}" is banned.`, 'node_banned');
  return node;
}
