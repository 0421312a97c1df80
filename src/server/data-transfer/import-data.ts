import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { count, sql } from 'drizzle-orm';
import { archives, nodes, users } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { AppDeps } from '../app-deps.ts';
import { MANIFEST, type ExportSummary } from './export-data.ts';
import { tablesInDependencyOrder } from './tables.ts';

const BATCH = 500;
const ARCHIVE_CONTENT_TYPE = 'application/zip';

async function insertBatch(tx: Db, table: string, rows: unknown[]): Promise<void> {
  // json_populate_recordset maps every JSON field back to its column type; OVERRIDING SYSTEM VALUE
  // keeps the exported ids of identity columns.
  await tx.execute(
    sql`INSERT INTO ${sql.identifier(table)} OVERRIDING SYSTEM VALUE
        SELECT * FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
  );
}

async function loadTable(tx: Db, dir: string, table: string): Promise<number> {
  const file = join(dir, 'tables', `${table}.jsonl`);
  if (!existsSync(file)) return 0; // a table newer than the export: starts empty
  let batch: unknown[] = [];
  let total = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    batch.push(JSON.parse(line));
    if (batch.length === BATCH) {
      await insertBatch(tx, table, batch);
      total += batch.length;
      batch = [];
    }
  }
  if (batch.length) await insertBatch(tx, table, batch);
  return total + batch.length;
}

/**
 * Loads an export (see exportData) into an EMPTY registry: all tables in one transaction (all or
 * nothing), sequences moved past the imported ids, then the archives into the configured store.
 */
export async function importData(services: AppDeps, dir: string): Promise<ExportSummary> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as { format?: string };
  if (manifest.format !== 'nodeyard-export/1') throw new Error(`${dir} is not a Nodeyard export (no ${MANIFEST}).`);
  const [{ n: existingNodes } = { n: 0 }] = await services.db.select({ n: count() }).from(nodes);
  const [{ n: existingUsers } = { n: 0 }] = await services.db.select({ n: count() }).from(users);
  if (existingNodes > 0 || existingUsers > 0) {
    throw new Error('The target registry is not empty; import only into a fresh database.');
  }
  const summary: ExportSummary = { tables: {}, archives: 0 };
  const tables = tablesInDependencyOrder();
  await services.db.transaction(async (tx) => {
    for (const { name } of tables) summary.tables[name] = await loadTable(tx, dir, name);
    for (const { name, sequenceColumns } of tables) {
      for (const column of sequenceColumns) {
        await tx.execute(sql`SELECT setval(pg_get_serial_sequence(${name}, ${column}),
          GREATEST((SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(name)}), 1))`);
      }
    }
  });
  const root = resolve(dir, 'archives');
  const stored = await services.db.select({ key: archives.key }).from(archives);
  for (const { key } of stored) {
    const file = resolve(root, key);
    if (!file.startsWith(root + sep) || !existsSync(file)) continue;
    await services.storage.put(key, await readFile(file), ARCHIVE_CONTENT_TYPE);
    summary.archives++;
  }
  return summary;
}
