import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A table's row as PostgreSQL's `to_json(alias)` gives it (keys are column names, timestamps ISO text,
 * JSON values nested), mapped to the row Drizzle's own select would return: each column through its
 * `mapFromDriverValue`, as Drizzle maps a driver's text. Lets one statement return several lists as
 * JSON aggregates (one round trip) while callers keep their typed rows; `column-round-trip.test.ts`
 * checks every column of every table both ways on both drivers.
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name];
    // A JSON column arrives as its value already; its own mapping would parse a string value again.
    row[key] =
      value === null || value === undefined
        ? null
        : JSON_TYPES.has(column.columnType)
          ? value
          : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

const JSON_TYPES = new Set(['PgJsonb', 'PgJson']);
const columnLists = new WeakMap<PgTable, [string, PgColumn][]>();
function columnsOf(table: PgTable): [string, PgColumn][] {
  let list = columnLists.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table)) as [string, PgColumn][];
    columnLists.set(table, list);
  }
  return list;
}
