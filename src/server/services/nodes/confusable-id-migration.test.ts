import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres } from '#test/test-db.ts';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';
import { uniqueViolation } from '../publish/unique-violation.ts';
import { CONFUSABLE_ID_INDEX, findConfusableNode } from './confusable-id.ts';

// Migration 0011 meets a registry that already holds look-alike ids (the real corpus has 34 such
// pairs): it must keep every row, let the oldest of each group hold the key, mark the others and
// report them in the audit log, and only then build the unique index.

const MIGRATION = '0011_confusable_node_ids';
const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** A copy of the migrations folder whose journal stops before MIGRATION: the registry as it was. */
async function foldersBefore(dir: string): Promise<string> {
  const folder = join(dir, 'migrations-before');
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

const OLD_ROWS = `
  INSERT INTO publishers (id, name) VALUES ('alice', 'Alice'), ('bob', 'Bob');
  INSERT INTO nodes (id, normalized_id, publisher_id, name, created_at) VALUES
    ('sec-pack',  'sec-pack',  'alice', 'Sec',   '2024-01-01T00:00:00Z'),
    ('Sec_Pack',  'sec_pack',  'bob',   'Sec 2', '2024-02-01T00:00:00Z'),
    ('sec.pack',  'sec.pack',  'bob',   'Sec 3', '2024-03-01T00:00:00Z'),
    ('ComfyUI_B', 'comfyui_b', 'bob',   'B2',    '2024-01-01T00:00:00Z'),
    ('ComfyUI-B', 'comfyui-b', 'alice', 'B1',    '2024-01-01T00:00:00Z'),
    ('plain',     'plain',     'alice', 'Plain', '2024-01-01T00:00:00Z');
`;

/** Old data in a database migrated up to just before MIGRATION; returns how to open it now. */
async function oldRegistry(dir: string): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  const before = await foldersBefore(dir);
  if (process.env['TEST_DB_DRIVER'] === 'postgres') {
    const throwaway = await createThrowawayPostgres();
    const client = new pg.Client({ connectionString: throwaway.url });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder: before });
    await client.query(OLD_ROWS);
    await client.end();
    return { open: () => openDatabase({ driver: 'postgres', url: throwaway.url, poolSize: 2 }), drop: throwaway.drop };
  }
  // In memory, and the same PGlite migrated on: a second instance over a data directory on disk cost
  // this file ≈ 2 CPU-seconds and 2–3 s of its 11 (alternated runs). The migrator is openDatabase's.
  const client = new PGlite();
  await migratePglite(drizzlePglite(client), { migrationsFolder: before });
  await client.exec(OLD_ROWS);
  return {
    async open() {
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder });
      return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
    },
    drop: async () => undefined,
  };
}

describe(`migration ${MIGRATION} on a registry with look-alike ids`, () => {
  let dir: string;
  let old: Awaited<ReturnType<typeof oldRegistry>>;
  let database: Database;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nodeyard-confusable-'));
    old = await oldRegistry(dir);
    database = await old.open(); // applies MIGRATION (and any later one)
    // A fresh database migrated twice: ≈ 10 s quiet, and a minute was seen to run out beside other work.
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await old?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every row; the oldest spelling holds the key, the others are marked (ties: id order)', async () => {
    const rows = await database.db
      .select({ id: nodes.id, marked: nodes.legacyConfusableId })
      .from(nodes)
      .orderBy(nodes.normalizedId);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.marked]))).toEqual({
      'ComfyUI-B': false,
      ComfyUI_B: true,
      plain: false,
      'sec-pack': false,
      'sec.pack': true,
      Sec_Pack: true,
    });
  });

  it('reports each kept look-alike in the audit log, naming the pack that holds its key', async () => {
    const entries = await database.db
      .select({ targetId: auditLog.targetId, after: auditLog.after, actorKind: auditLog.actorKind })
      .from(auditLog)
      .where(eq(auditLog.action, 'node.confusable_id_kept'));
    expect(entries.map((entry) => [entry.targetId, (entry.after as { holder: string }).holder]).sort()).toEqual([
      ['ComfyUI_B', 'ComfyUI-B'],
      ['Sec_Pack', 'sec-pack'],
      ['sec.pack', 'sec-pack'],
    ]);
    expect(entries.every((entry) => entry.actorKind === 'system')).toBe(true);
  });

  it('enforces the rule from now on: a new look-alike is refused by the index and found by the check', async () => {
    const error = await database.db
      .insert(nodes)
      .values({ id: 'SEC--PACK', normalizedId: 'sec--pack', publisherId: 'bob', name: 'x' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(uniqueViolation(error)).toBe(CONFUSABLE_ID_INDEX);
    expect(await findConfusableNode(database.db, 'sec__pack')).toEqual({ id: 'sec-pack', publisherId: 'alice' });
    expect(await findConfusableNode(database.db, 'comfyui.b')).toEqual({ id: 'ComfyUI-B', publisherId: 'alice' });
    // The kept look-alikes themselves are still there to update (a publish to Sec_Pack finds it by id).
    const [kept] = await database.db
      .select({ id: nodes.id })
      .from(nodes)
      .where(and(eq(nodes.normalizedId, 'sec_pack'), eq(nodes.legacyConfusableId, true)));
    expect(kept).toEqual({ id: 'Sec_Pack' });
  });
});
