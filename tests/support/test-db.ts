import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { pgliteTemplate } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
 * PostgreSQL database when the suite runs in its `postgres` project (TEST_DATABASE_URL).
 */
export async function createTestDatabase(): Promise<Database> {
  const driver = process.env['TEST_DB_DRIVER'] ?? 'pglite';
  if (driver !== 'postgres') return openDatabase({ driver: 'pglite', template: await pgliteTemplate() });

  const throwaway = await createThrowawayPostgres();
  const database = await openDatabase({ driver: 'postgres', url: throwaway.url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

/** An empty PostgreSQL database on the TEST_DATABASE_URL server, for one test file. */
export async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `nodeyard_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Best effort: a leftover throw-away database must not fail the suite that used it.
      const cleanup = new pg.Client({ connectionString: adminUrl });
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
