import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { nodeListCounts, nodes } from '../../db/schema/index.ts';

/** The maintained totals of GET /nodes and the list version they belong to (db/schema/node-list-counts.ts). */
export interface NodeListCounts {
  listed: number;
  present: number;
  version: number;
  generation: string;
}

const columns = {
  listed: nodeListCounts.listed,
  present: nodeListCounts.present,
  version: nodeListCounts.version,
  generation: nodeListCounts.generation,
};

// Every GET /nodes page reads it: built once per database handle (db/prepared.ts).
const countsStatement = preparedPerDb((db) =>
  db.select(columns).from(nodeListCounts).limit(1).prepare('node_list_counts'),
);

/**
 * Reads the counts row. The migration creates it and triggers keep it; should it be missing (the table
 * was emptied by hand, or by a test's cleanup), it is counted once and created again, as a new generation.
 */
export async function readNodeListCounts(db: Db): Promise<NodeListCounts> {
  const [row] = await countsStatement(db).execute();
  if (row) return row;
  await db
    .insert(nodeListCounts)
    .select(
      db
        .select({
          id: sql<number>`1`.as('id'),
          listed:
            sql<number>`count(*) FILTER (WHERE ${nodes.status} = 'NodeStatusActive' AND NOT ${nodes.withheld})`.as(
              'listed',
            ),
          present: sql<number>`count(*) FILTER (WHERE ${nodes.status} <> 'NodeStatusDeleted')`.as('present'),
          version: sql<number>`0`.as('version'),
          generation: sql<string>`gen_random_uuid()`.as('generation'),
        })
        .from(nodes),
    )
    .onConflictDoNothing();
  const [created] = await countsStatement(db).execute();
  return created!;
}
