import { and, eq, min, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';

/**
 * When the publisher's first public version came out: the earliest Active version of its nodes that
 * are neither banned nor deleted, or null when there is none. For publishers the importer made
 * (no members), this is the honest "publishing since": their own creation date is the import's.
 */
export async function firstPublicVersionDate(db: Db, publisherId: string): Promise<Date | null> {
  const [row] = await db
    .select({ first: min(nodeVersions.createdAt) })
    .from(nodeVersions)
    .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
    .where(
      and(
        eq(nodes.publisherId, publisherId),
        notInArray(nodes.status, ['NodeStatusBanned', 'NodeStatusDeleted']),
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
      ),
    );
  // Drivers differ: a timestamp aggregate may come back as text.
  return row?.first ? new Date(row.first) : null;
}
