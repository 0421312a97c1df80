import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.ts';

/**
 * Scratch state that means nothing on another installation: per-window counters, who searched
 * what (digests keyed by this installation's secret), the change feed (the import's own inserts
 * record every imported row in the new installation's feed; old cursors mean nothing there), and the
 * list counts (the new installation's triggers count the imported nodes into its own row).
 */
const SKIPPED = new Set([
  'rate_limit_counters',
  'search_query_clients',
  'change_feed',
  'change_feed_state',
  'node_list_counts',
]);

export interface TableInfo {
  name: string;
  /** Columns filled by a sequence (serial / identity), moved past the imported values afterwards. */
  sequenceColumns: string[];
}

const SERIAL_TYPES = new Set(['PgSerial', 'PgBigSerial53', 'PgBigSerial64', 'PgSmallSerial']);

/**
 * Every table of the schema, parents before children (by foreign key), so rows can be inserted in
 * this order.
 */
export function tablesInDependencyOrder(): TableInfo[] {
  // The schema module also exports enums; only tables matter here.
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const configs = new Map(tables.map((table) => [getTableConfig(table).name, getTableConfig(table)]));
  const ordered: TableInfo[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const config = configs.get(name)!;
    for (const fk of config.foreignKeys) visit(getTableConfig(fk.reference().foreignTable).name);
    if (SKIPPED.has(name)) return;
    const sequenceColumns = config.columns
      .filter((column) => SERIAL_TYPES.has(column.columnType) || column.generatedIdentity !== undefined)
      .map((column) => column.name);
    ordered.push({ name, sequenceColumns });
  };
  for (const name of [...configs.keys()].sort()) visit(name);
  return ordered;
}
