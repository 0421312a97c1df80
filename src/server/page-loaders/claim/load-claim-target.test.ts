import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ensureUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from '../../services/publishers/unclaimed.ts';
import { loadClaimTarget } from './load-claim-target.ts';

describe('loadClaimTarget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureUnclaimedPublisher(t.services.db);
  });
  afterAll(() => t.close());

  it('tells claimable, claimed, repository-less, banned, unknown and missing nodes apart', async () => {
    const db = t.services.db;
    const owner = await insertUser(db);
    const owned = await insertPublisher(db, { owner });
    const free = await insertNode(db, {
      publisherId: UNCLAIMED_PUBLISHER_ID,
      repository: 'https://github.com/Acme/Free.git',
    });
    const taken = await insertNode(db, { publisherId: owned.id });
    const noRepo = await insertNode(db, { publisherId: UNCLAIMED_PUBLISHER_ID, repository: 'https://gitlab.com/a/b' });
    const banned = await insertNode(db, { publisherId: UNCLAIMED_PUBLISHER_ID, status: 'NodeStatusBanned' });
    const deleted = await insertNode(db, { publisherId: UNCLAIMED_PUBLISHER_ID, status: 'NodeStatusDeleted' });

    expect(await loadClaimTarget(db, free.id.toUpperCase())).toEqual({
      kind: 'claimable',
      node: { id: free.id, name: free.name, repository: 'https://github.com/Acme/Free.git', repo: 'Acme/Free' },
    });
    expect((await loadClaimTarget(db, taken.id)).kind).toBe('claimed');
    expect((await loadClaimTarget(db, noRepo.id)).kind).toBe('no_repository');
    expect((await loadClaimTarget(db, banned.id)).kind).toBe('banned');
    expect(await loadClaimTarget(db, deleted.id)).toEqual({ kind: 'not_found', nodeId: deleted.id });
    expect(await loadClaimTarget(db, '  ')).toEqual({ kind: 'missing' });
    expect(await loadClaimTarget(db, null)).toEqual({ kind: 'missing' });
  });
});
