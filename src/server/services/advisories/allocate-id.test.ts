import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { allocateAdvisoryId } from './allocate-id.ts';

// NYSA ids come from one counter row per year, incremented by an upsert inside the publishing
// transaction: on PostgreSQL concurrent transactions queue on the row, so none shares a number.

describe('allocateAdvisoryId', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('hands out distinct, consecutive ids to concurrent transactions, per year', async () => {
    const now = new Date('2031-03-01T00:00:00Z');
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => database.db.transaction((tx) => allocateAdvisoryId(tx, now))),
    );
    expect([...ids].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `NYSA-2031-000${i + 1}`));
    expect(await allocateAdvisoryId(database.db, new Date('2032-01-01T00:00:00Z'))).toBe('NYSA-2032-0001');
  });

  it('a rolled-back publish gives its number back (the counter rolls back with it)', async () => {
    const now = new Date('2033-06-01T00:00:00Z');
    await database.db
      .transaction(async (tx) => {
        await allocateAdvisoryId(tx, now);
        throw new Error('publish failed');
      })
      .catch(() => undefined);
    expect(await allocateAdvisoryId(database.db, now)).toBe('NYSA-2033-0001');
  });
});
