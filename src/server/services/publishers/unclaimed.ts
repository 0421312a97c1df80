import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publisherPermissions, publishers } from '../../db/schema/index.ts';

/**
 * The placeholder publisher that holds nodes nobody has claimed yet (imported ones). Nobody has a role
 * on it, its id is on the reserved list, and claim-my-node moves nodes out of it.
 */
export const UNCLAIMED_PUBLISHER_ID = 'unclaimed';

/** Creates the placeholder publisher when missing (idempotent; safe inside a transaction). */
export async function ensureUnclaimedPublisher(db: Db): Promise<void> {
  await db
    .insert(publishers)
    .values({
      id: UNCLAIMED_PUBLISHER_ID,
      name: 'Unclaimed',
      description: 'Nodes that no publisher has claimed yet.',
    })
    .onConflictDoNothing();
}

/**
 * A node is unclaimed when nobody manages its publisher: the placeholder, or a member-less publisher
 * created for a corpus author by the importer. Such nodes may be claimed with repository proof.
 */
export async function isUnclaimedPublisher(db: Db, publisherId: string): Promise<boolean> {
  if (publisherId === UNCLAIMED_PUBLISHER_ID) return true;
  const [member] = await db
    .select({ id: publisherPermissions.id })
    .from(publisherPermissions)
    .where(eq(publisherPermissions.publisherId, publisherId))
    .limit(1);
  return !member;
}

/**
 * isUnclaimedPublisher as an expression over a publisher id column, for a query that reads the node
 * beside it (services/nodes/node-page-head.ts): the same rule, without a round trip of its own.
 */
export function unclaimedPublisherSql(publisherId: AnyColumn): SQL<boolean> {
  return sql<boolean>`(${publisherId} = ${UNCLAIMED_PUBLISHER_ID} or not exists (
    select 1 from ${publisherPermissions} where ${publisherPermissions.publisherId} = ${publisherId}))`;
}
