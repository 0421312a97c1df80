import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from '../../src/server/db/schema/index.ts';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { migrationsHash, pgliteTemplate } from './pglite-template.ts';

/**
 * A migrated database for one test file, empty as if fresh: in-memory PGlite by default, or a
 * PostgreSQL database when the suite runs in its `postgres` project (TEST_DATABASE_URL).
 *
 * Server test files share their worker process (vitest `isolate: false`), so opening a database is
 * paid once per worker, not once per file: `close()` hands the database back to this worker's pool,
 * and the next file gets it emptied (every table truncated, sequences restarted). Emptying happens
 * when a database is handed out, not when it is returned, so late background writes of the previous
 * file (an install count finishing after its test) cannot leak into the next one.
 */
export async function createTestDatabase(): Promise<Database> {
  const reused = idle.pop();
  const database = reused ?? (await openFresh());
  if (reused) await emptyDatabase(database.db, database.driver);
  let returned = false;
  return {
    ...database,
    // A new Drizzle handle over the same connection: state that code keeps per database handle (a
    // WeakMap keyed by it) starts over in each file, as it would with a new database.
    db: newHandle(database),
    async close() {
      if (returned) return;
      returned = true;
      idle.push(database);
    },
  };
}

const schemaOptions = { schema };
function newHandle(database: Database): Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return (database.driver === 'pglite'
    ? drizzlePglite(client as PGlite, schemaOptions)
    : drizzlePg(client as pg.Pool, schemaOptions)) as unknown as Db;
}

const driver = () => (process.env['TEST_DB_DRIVER'] === 'postgres' ? 'postgres' : 'pglite');
/** Databases of this worker that no test file holds right now. */
const idle: Database[] = [];

async function openFresh(): Promise<Database> {
  if (driver() !== 'postgres') return openDatabase({ driver: 'pglite', template: await pgliteTemplate() });
  // Cloned from a migrated template: running every migration per database costs seconds.
  const throwaway = await createThrowawayPostgres({ template: await postgresTemplate() });
  return openDatabase({ driver: 'postgres', url: throwaway.url, poolSize: 4 });
}

/**
 * Empties every table of the app's schema (the migrations journal lives in the `drizzle` schema and
 * stays) and restarts every sequence. Only tables holding rows are touched: a file leaves most of the
 * thirty-odd tables empty, and emptying an empty one still costs PGlite a file rewrite.
 */
export async function emptyDatabase(db: Db, driverName: Database['driver']): Promise<void> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
    ),
  ).map((row) => row.name);
  const probe = tables
    .map((name) => `SELECT '${name}' AS name WHERE EXISTS (SELECT 1 FROM ${name})`)
    .join(' UNION ALL ');
  const filled = tables.length ? rowsOf<{ name: string }>(await db.execute(sql.raw(probe))).map((row) => row.name) : [];
  if (filled.length > 0) {
    if (driverName === 'pglite') {
      // PGlite runs as superuser: with foreign-key triggers off, plain DELETEs (cheap on a handful of
      // rows) may go in any order. A real server's test role may not do that, and TRUNCATE is cheap there.
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        for (const name of filled) await tx.execute(sql.raw(`DELETE FROM ${name}`));
      });
    } else {
      await db.execute(sql.raw(`TRUNCATE ${filled.join(', ')} CASCADE`));
    }
  }
  // Every id starts over, as in a fresh database (tests may name the first row's id).
  await db.execute(
    sql`SELECT setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) FROM pg_sequences WHERE schemaname = 'public'`,
  );
}

// node-postgres answers { rows }, PGlite answers { rows } too, drizzle passes either through.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

let template: Promise<string> | undefined;

/**
 * The name of a migrated PostgreSQL database to clone (`CREATE DATABASE … TEMPLATE`), made once per
 * set of migrations (its name hashes them) and kept on the server between runs. Built under another
 * name and renamed when complete, so a run never clones a half-migrated template; an advisory lock
 * keeps parallel workers from building it twice.
 */
export function postgresTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `nodeyard_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(720415002)');
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(adminUrl());
        url.pathname = `/${building}`;
        const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
        await database.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(720415002)').catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return template;
}

/**
 * Throw-away databases are named after the run (global-setup.ts sets NODEYARD_TEST_RUN), so the run's
 * teardown can drop the ones its workers still held when they exited, and no one else's.
 */
export function throwawayPrefix(run = process.env['NODEYARD_TEST_RUN'] ?? 'solo'): string {
  return `nodeyard_t_${run}_`;
}

/** Drops every throw-away database of a run (its workers' pools may still be connected). */
export async function dropRunDatabases(run: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1 || '%'",
      [throwawayPrefix(run)],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function adminUrl(): string {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * An empty PostgreSQL database on the TEST_DATABASE_URL server, for one test file (optionally a copy
 * of `template`). Tests that start whole servers against it (several instances, migrations racing)
 * use this directly; it is dropped by `drop()`.
 */
export async function createThrowawayPostgres(
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${throwawayPrefix()}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Best effort: a leftover throw-away database must not fail the suite that used it.
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      try {
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      } catch (error) {
        console.warn(`could not drop test database ${name}: ${String(error)}`);
      } finally {
        await cleanup.end().catch(() => undefined);
      }
    },
  };
}
