import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';

describe('GET /admin/publishers', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    const db = t.services.db;
    const acme = await insertPublisher(db, { id: 'acme', name: 'Acme Nodes' });
    await insertNode(db, { publisherId: acme.id });
    await insertNode(db, { publisherId: acme.id, status: 'NodeStatusDeleted' });
    await insertPublisher(db, { id: 'shady', name: 'Shady', status: 'PublisherStatusBanned' });
  });
  afterAll(() => t.close());

  it('lists publishers in any status with node counts, filtered by text and status', async () => {
    const all = await (await t.request('/admin/publishers', { token: who.admin.token })).json();
    expect(all).toMatchObject({
      total: 2,
      publishers: [
        { id: 'acme', node_count: 1, status: 'PublisherStatusActive' },
        { id: 'shady', node_count: 0, status: 'PublisherStatusBanned' },
      ],
    });
    const banned = await t.request('/admin/publishers?status=PublisherStatusBanned', { token: who.admin.token });
    expect(await banned.json()).toMatchObject({ total: 1, publishers: [{ id: 'shady' }] });
    const search = await t.request('/admin/publishers?search=NODES', { token: who.admin.token });
    expect(await search.json()).toMatchObject({ total: 1, publishers: [{ id: 'acme' }] });
  });

  it('is for admins only', async () => {
    expect((await t.request('/admin/publishers')).status).toBe(401);
    expect((await t.request('/admin/publishers', { token: who.stranger.token })).status).toBe(403);
  });
});
