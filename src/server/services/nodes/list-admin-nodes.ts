import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes, type NodeStatus } from '../../db/schema/index.ts';
import { matchesText } from './node-filters.ts';
import { queryNodeListPage } from './node-list-page.ts';
import { nodeOrderBy, type NodeSort } from './node-sort.ts';
import type { Paging } from '../../../lib/paging.ts';

export interface AdminNodeQuery extends Paging {
  search?: string | undefined;
  statuses?: NodeStatus[] | undefined;
  publisherId?: string | undefined;
  /** Matches a public tag or an admin tag. */
  tag?: string | undefined;
  sort: NodeSort[];
}

function hasTag(tag: string | undefined): SQL | undefined {
  const wanted = tag?.trim();
  if (!wanted) return undefined;
  const list = JSON.stringify([wanted]);
  return sql`(${nodes.tags} @> ${list}::jsonb OR ${nodes.tagsAdmin} @> ${list}::jsonb)`;
}

/**
 * Every node in any status (deleted ones only when asked for), with the admin filters. Text search
 * covers id, name, description, author and publisher name; it always joins publishers for that.
 */
export function listAdminNodes(db: Db, query: AdminNodeQuery): Promise<{ rows: NodeRow[]; total: number }> {
  const statuses: NodeStatus[] = query.statuses?.length
    ? [...new Set(query.statuses)]
    : ['NodeStatusActive', 'NodeStatusBanned'];
  return queryNodeListPage(db, {
    page: query.page,
    limit: query.limit,
    joinPublishers: true,
    where: and(
      inArray(nodes.status, statuses),
      query.publisherId ? eq(nodes.publisherId, query.publisherId.trim().toLowerCase()) : undefined,
      hasTag(query.tag),
      matchesText(query.search),
    ),
    orderBy: nodeOrderBy(query.sort),
  });
}
