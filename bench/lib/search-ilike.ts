import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { SearchDocument } from '../../src/server/search/port.ts';

/**
 * The upstream registry's search, for comparison: `id/name/description/author ILIKE '%q%'`, no ranking, no
 * ORDER BY, no index. Loaded into a table of the benchmark's own (in-memory PGlite, or a temporary table on a
 * real PostgreSQL server).
 */
export interface IlikeRunner {
  label: string;
  search(text: string, limit: number): Promise<string[]>;
  close(): Promise<void>;
}

const CREATE = `CREATE TEMP TABLE bench_nodes (id text PRIMARY KEY, name text, description text, author text)`;
const QUERY = `SELECT id FROM bench_nodes
  WHERE id ILIKE $1 OR name ILIKE $1 OR description ILIKE $1 OR author ILIKE $1 LIMIT $2`;
const BATCH = 500;

type Exec = (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

async function load(exec: Exec, docs: readonly SearchDocument[]): Promise<void> {
  await exec(CREATE, []);
  for (let at = 0; at < docs.length; at += BATCH) {
    const batch = docs.slice(at, at + BATCH);
    await exec(`INSERT INTO bench_nodes SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`, [
      batch.map((d) => d.id),
      batch.map((d) => d.name),
      batch.map((d) => d.description),
      batch.map((d) => d.author),
    ]);
  }
  await exec('ANALYZE bench_nodes', []);
}

function pattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function pgliteIlike(docs: readonly SearchDocument[]): Promise<IlikeRunner> {
  const db = new PGlite();
  const exec: Exec = (sql, params) => db.query(sql, params);
  await load(exec, docs);
  return {
    label: 'PGlite ILIKE (upstream)',
    search: async (text, limit) =>
      (await db.query<{ id: string }>(QUERY, [pattern(text), limit])).rows.map((row) => row.id),
    close: () => db.close(),
  };
}

export async function postgresIlike(url: string, docs: readonly SearchDocument[]): Promise<IlikeRunner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const exec: Exec = (sql, params) => client.query(sql, params);
  await load(exec, docs);
  const version = (await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]?.v;
  return {
    label: `PostgreSQL ${(version ?? '').split(' ')[0]} ILIKE (upstream)`,
    search: async (text, limit) =>
      (await client.query<{ id: string }>(QUERY, [pattern(text), limit])).rows.map((row) => row.id),
    close: () => client.end(),
  };
}
