import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { nodeVersions } from '../../db/schema/index.ts';
import { uniqueViolation } from './unique-violation.ts';

describe('uniqueViolation', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('names the constraint of a real duplicate insert (whatever the driver wraps it in)', async () => {
    const publisher = await insertPublisher(database.db);
    const node = await insertNode(database.db, { publisherId: publisher.id });
    await database.db.insert(nodeVersions).values({ nodeId: node.id, version: '1.0.0' });
    const error = await database.db
      .insert(nodeVersions)
      .values({ nodeId: node.id, version: '1.0.0' })
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(uniqueViolation(error)).toBe('node_versions_node_version_key');
  });

  it('returns null for anything else', () => {
    expect(uniqueViolation(new Error('boom'))).toBeNull();
    expect(uniqueViolation({ code: '23503' })).toBeNull();
    expect(uniqueViolation(undefined)).toBeNull();
  });
});
