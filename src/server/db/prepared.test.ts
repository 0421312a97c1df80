import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher } from '#test/factories.ts';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database, Db } from './client.ts';
import { preparedPerDb } from './prepared.ts';
import { publishers } from './schema/index.ts';

describe('preparedPerDb', () => {
  let database: Database;
  let builds = 0;
  const byId = preparedPerDb((db: Db) => {
    builds++;
    return db
      .select({ id: publishers.id, name: publishers.name })
      .from(publishers)
      .where(eq(publishers.id, sql.placeholder('id')))
      .prepare('prepared_test_publisher_by_id');
  });
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertPublisher(database.db, { id: 'first', name: 'First' });
    await insertPublisher(database.db, { id: 'second', name: 'Second' });
  });
  afterAll(() => database.close());

  it('builds once per handle and answers each call with its own values', async () => {
    const { db } = database;
    const before = builds;
    // More calls than the pool has connections, side by side: the named statement is parsed on each.
    const answers = await Promise.all(
      ['first', 'second', 'first', 'missing', 'second', 'first'].map((id) => byId(db).execute({ id })),
    );
    expect(answers.map((rows) => rows[0]?.name ?? null)).toEqual(['First', 'Second', 'First', null, 'Second', 'First']);
    expect(builds - before).toBe(1);
  });

  it('works inside a transaction, whose handle gets its own copy on a connection that may know the name', async () => {
    const { db } = database;
    await byId(db).execute({ id: 'first' });
    const before = builds;
    const inside = await db.transaction(async (tx) => {
      await tx.update(publishers).set({ name: 'Renamed' }).where(eq(publishers.id, 'second'));
      return byId(tx).execute({ id: 'second' });
    });
    expect(inside[0]?.name).toBe('Renamed');
    expect(builds - before).toBe(1);
    expect((await byId(db).execute({ id: 'second' }))[0]?.name).toBe('Renamed');
  });
});

describe('named statements', () => {
  it('each have a name of their own (PostgreSQL refuses a second text under a known name, PGlite does not)', () => {
    const serverDir = new URL('..', import.meta.url).pathname;
    const owners = new Map<string, string[]>();
    for (const file of readdirSync(serverDir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      for (const [, name] of readFileSync(join(serverDir, file), 'utf8').matchAll(
        /\.prepare\(\s*['"`]([\w-]+)['"`]/g,
      )) {
        owners.set(name!, [...(owners.get(name!) ?? []), file]);
      }
    }
    expect(owners.size).toBeGreaterThan(5);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
