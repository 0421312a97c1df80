import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { auditRows } from '#test/routes/admin.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { NODE_EDIT_POLICIES } from './node-edit-policy.ts';
import { updateNode } from './update-node.ts';

// One updateNode for the publisher's edit and the admin's (issue 26.1): one audit shape, one clock.

describe('updateNode', () => {
  let t: TestApp;
  let actor: UserRow;
  let publisherId: string;
  // A time no database clock would give: updated_at must come from the caller's (injected) clock.
  const now = new Date('2031-05-06T07:08:09.000Z');
  beforeAll(async () => {
    t = await createTestApp();
    actor = await insertUser(t.services.db);
    publisherId = (await insertPublisher(t.services.db, { owner: actor })).id;
  });
  afterAll(() => t.close());

  const arrange = (): Promise<NodeRow> => insertNode(t.services.db, { publisherId, tags: ['image'] });

  it("logs a publisher's and an admin's edit alike: only the changed keys, in API naming, before and after", async () => {
    const node = await arrange();
    const edited = await updateNode(t.services.db, {
      actor,
      node,
      changes: { name: 'Renamed', tags: ['image'], banner_url: 'https://x.example/b.png' },
      policy: NODE_EDIT_POLICIES.publisher,
      now,
    });
    await updateNode(t.services.db, {
      actor,
      node: edited,
      changes: { search_ranking: 5, name: 'Renamed' },
      policy: NODE_EDIT_POLICIES.admin,
      now,
    });
    const [publisherEdit, adminEdit] = await auditRows(t, 'node', node.id);
    expect(publisherEdit).toMatchObject({ action: 'node.update' });
    expect(publisherEdit!.before).toEqual({ name: node.name, banner_url: null });
    expect(publisherEdit!.after).toEqual({ name: 'Renamed', banner_url: 'https://x.example/b.png' });
    expect(adminEdit).toMatchObject({ action: 'node.admin_update' });
    expect(adminEdit!.before).toEqual({ search_ranking: 0 });
    expect(adminEdit!.after).toEqual({ search_ranking: 5 });
  });

  it('takes updated_at from the injected clock, for either policy', async () => {
    for (const policy of [NODE_EDIT_POLICIES.publisher, NODE_EDIT_POLICIES.admin]) {
      const updated = await updateNode(t.services.db, {
        actor,
        node: await arrange(),
        changes: { description: 'New words' },
        policy,
        now,
      });
      expect(updated.updatedAt.toISOString()).toBe(now.toISOString());
    }
  });

  it("changes only what the caller's policy allows", async () => {
    const node = await arrange();
    const updated = await updateNode(t.services.db, {
      actor,
      node,
      changes: { name: 'Allowed', status: 'NodeStatusBanned', search_ranking: 9, tags_admin: ['x'] },
      policy: NODE_EDIT_POLICIES.publisher,
      now,
    });
    expect(updated).toMatchObject({ name: 'Allowed', status: 'NodeStatusActive', searchRanking: 0, tagsAdmin: [] });
    const [entry] = await auditRows(t, 'node', node.id);
    expect(Object.keys(entry!.before as object)).toEqual(['name']);
  });

  it('writes nothing, not even an audit row, when nothing differs', async () => {
    const node = await arrange();
    const same = await updateNode(t.services.db, {
      actor,
      node,
      changes: { name: node.name, tags: ['image'] },
      policy: NODE_EDIT_POLICIES.publisher,
      now,
    });
    expect(same).toBe(node);
    expect(await auditRows(t, 'node', node.id)).toEqual([]);
  });
});
