// Bench databases on one PostgreSQL server: `databaseFor(url, name)` creates the database `name` beside
// the one `url` names (when missing) and returns its URL. Benchmarks keep their data between runs.
import pg from 'pg';

export async function databaseFor(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** How many rows `table` holds (0 when it does not exist yet). */
export async function countRows(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `SELECT CASE WHEN to_regclass($1) IS NULL THEN 0 ELSE (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %s', $1), false, true, '')))[1]::text::bigint END AS n`,
      [table],
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
