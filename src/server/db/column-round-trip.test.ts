import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from './client.ts';
import { rowFromJson } from './json-rows.ts';
import * as schema from './schema/index.ts';

// Every column of every table, written and read back through the driver of the run (PGlite, and
// PostgreSQL in the postgres project): what a driver could change about a value (time zones, bigint
// precision, JSON, enums, dates, text encoding) shows here, whichever test file happens to use the
// column. Rows go into copies of the tables (CREATE TABLE … (LIKE …): same types and NOT NULLs, no
// keys), so no foreign key asks for a parent row; the copies shadow the real tables through the
// search_path inside one transaction. Each row is also read back as PostgreSQL's JSON of it and mapped
// by rowFromJson (db/json-rows.ts), as statements returning JSON aggregates do.

const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable,
);

/** A value far from the defaults, exercising what the type can hold. Unknown types fail the test. */
function sample(column: PgColumn): unknown {
  switch (column.columnType) {
    case 'PgText':
      return `it's "quoted" — ünïcödé 日本語 العربية ${column.name}`;
    case 'PgDateString':
      return '2024-02-29';
    case 'PgInteger':
      return 2_147_483_000;
    case 'PgUUID':
      return randomUUID();
    case 'PgTimestamp':
      return new Date('2026-03-04T05:06:07.891Z');
    case 'PgBigSerial53':
    case 'PgBigInt53':
      return Number.MAX_SAFE_INTEGER;
    case 'PgJsonb':
      return { nested: [1, 'two', null, { deep: true, at: 1.5 }], text: 'ü "q"' };
    case 'PgEnumColumn':
      return (column as PgColumn & { enumValues: string[] }).enumValues.at(-1);
    case 'PgBoolean':
      return !(column.default ?? false);
    case 'PgArray': {
      // Two elements of the element type: quotes and non-ASCII text test the array literal's escaping.
      const element = (column as PgColumn & { baseColumn: PgColumn }).baseColumn;
      return [sample(element), sample(element)];
    }
    default:
      throw new Error(`${column.name}: no sample value for ${column.columnType}; add one here`);
  }
}

describe('every column round-trips through the driver', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`DROP SCHEMA IF EXISTS round_trip CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA round_trip`);
    for (const table of TABLES) {
      const { name } = getTableConfig(table);
      await database.db.execute(sql.raw(`CREATE TABLE round_trip."${name}" (LIKE public."${name}")`));
    }
  });
  afterAll(async () => {
    await database?.db.execute(sql`DROP SCHEMA IF EXISTS round_trip CASCADE`);
    await database?.close();
  });

  it('covers the schema', () => {
    expect(TABLES.length).toBeGreaterThan(20);
  });

  for (const table of TABLES) {
    const { name } = getTableConfig(table);
    it(`${name}: every column, filled and (where allowed) null`, async () => {
      const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
      const filled = Object.fromEntries(columns.map(([key, column]) => [key, sample(column)]));
      const nulls = Object.fromEntries(columns.map(([key, column]) => [key, column.notNull ? sample(column) : null]));
      // Two rows told apart by the first column (a key in every table).
      const [firstKey, firstColumn] = columns[0]!;
      if (firstColumn.columnType === 'PgUUID') nulls[firstKey] = randomUUID();
      else if (typeof filled[firstKey] === 'number') nulls[firstKey] = 1;
      else nulls[firstKey] = `${String(filled[firstKey])} (second)`;

      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL search_path = round_trip, public`);
        await tx.insert(table).values([filled, nulls]);
        const column = table[firstKey as keyof typeof table] as unknown as PgColumn;
        const [readFilled] = await tx.select().from(table).where(eq(column, filled[firstKey]));
        const [readNulls] = await tx.select().from(table).where(eq(column, nulls[firstKey]));
        expect(readFilled).toEqual(filled);
        expect(readNulls).toEqual(nulls);
        // The same rows as JSON (one statement's aggregates, e.g. the node page's parts), mapped back.
        for (const expected of [filled, nulls]) {
          const { rows } = (await tx.execute(
            sql`SELECT to_json(${table}) AS row FROM ${table} WHERE ${eq(column, expected[firstKey])}`,
          )) as unknown as { rows: { row: Record<string, unknown> }[] };
          expect(rowFromJson(table, rows[0]!.row)).toEqual(expected);
        }
      });
    });
  }
});
