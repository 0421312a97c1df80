import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { archives } from '../db/schema/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { tablesInDependencyOrder } from './tables.ts';

export const MANIFEST = 'manifest.json';
const PAGE = 2_000;

export interface ExportSummary {
  tables: Record<string, number>;
  archives: number;
}

/** Rows of one table as JSON objects, a page at a time (ordered by ctid: stable while nothing writes). */
async function* tableRows(services: AppDeps, table: string): AsyncGenerator<unknown[]> {
  for (let offset = 0; ; offset += PAGE) {
    const result = await services.db.execute(
      sql`SELECT row_to_json(t) AS row FROM ${sql.identifier(table)} t ORDER BY ctid LIMIT ${PAGE} OFFSET ${offset}`,
    );
    const rows = ((result as { rows: Array<{ row: unknown }> }).rows ?? []).map((r) => r.row);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
  }
}

/**
 * Writes every table as JSON lines plus every stored archive into `dir`: a portable copy of a
 * registry that `importData` loads into another database and store (embedded → PostgreSQL/S3).
 * Run it with the server stopped (or read-only) so the copy is consistent.
 */
export async function exportData(services: AppDeps, dir: string): Promise<ExportSummary> {
  await mkdir(join(dir, 'tables'), { recursive: true });
  const summary: ExportSummary = { tables: {}, archives: 0 };
  for (const { name } of tablesInDependencyOrder()) {
    const out = createWriteStream(join(dir, 'tables', `${name}.jsonl`));
    let count = 0;
    for await (const rows of tableRows(services, name)) {
      for (const row of rows) {
        if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
        count++;
      }
    }
    out.end();
    await once(out, 'finish');
    summary.tables[name] = count;
  }
  const stored = await services.db.select({ key: archives.key }).from(archives);
  for (const { key } of stored) {
    const bytes = await services.storage.get(key);
    if (!bytes) continue; // an upload that never arrived: nothing to copy
    const target = join(dir, 'archives', key);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
    summary.archives++;
  }
  await writeFile(join(dir, MANIFEST), JSON.stringify({ format: 'nodeyard-export/1', ...summary }, null, 2));
  return summary;
}
