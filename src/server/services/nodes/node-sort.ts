import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { nodes, publishers } from '../../db/schema/index.ts';

const SORT_COLUMNS = {
  total_install: nodes.totalInstall,
  name: nodes.name,
  publisher_name: publishers.name,
  last_updated: nodes.updatedAt,
  created_at: nodes.createdAt,
} satisfies Record<string, PgColumn>;

export type NodeSortKey = keyof typeof SORT_COLUMNS;

export interface NodeSort {
  key: NodeSortKey;
  descending: boolean;
}

function isSortKey(key: string): key is NodeSortKey {
  return Object.hasOwn(SORT_COLUMNS, key);
}

/**
 * Parses `sort` values ("total_install;desc", "name", "name;asc"): ascending unless ";desc".
 * Unknown keys are ignored (never a 400), a repeated key counts once.
 */
export function parseNodeSort(values: string[] | undefined): NodeSort[] {
  const result: NodeSort[] = [];
  for (const raw of (values ?? []).flatMap((value) => value.split(','))) {
    const [key = '', direction = 'asc'] = raw.trim().toLowerCase().split(';');
    if (!isSortKey(key) || result.some((s) => s.key === key)) continue;
    result.push({ key, descending: direction.trim() === 'desc' });
  }
  return result;
}

/** Whether the sort needs the publishers table joined. */
export function sortUsesPublisher(sort: NodeSort[]): boolean {
  return sort.some((s) => s.key === 'publisher_name');
}

/**
 * ORDER BY for a page of the node list. Always ends with the unique id so pages never overlap or skip
 * (upstream had no ORDER BY at all). Default: newest first. The id tie-break runs in the same
 * direction as the first key, so the default order is a plain backward scan of the
 * (created_at, id) index.
 */
export function nodeOrderBy(sort: NodeSort[]): SQL[] {
  if (sort.length === 0) return [desc(nodes.createdAt), desc(nodes.id)];
  const chosen = sort.map(({ key, descending }) => (descending ? desc(SORT_COLUMNS[key]) : asc(SORT_COLUMNS[key])));
  return [...chosen, sort[0]!.descending ? desc(nodes.id) : asc(nodes.id)];
}
