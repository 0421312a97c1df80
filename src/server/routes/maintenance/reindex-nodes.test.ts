import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('POST /nodes/reindex', () => {
  let t: TestApp;
  let service: string;
  let admin: Actor;
  let user: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    service = (await insertServiceToken(t.services.db)).token;
    admin = await signedIn(t, { admin: true });
    user = await signedIn(t);
    const publisher = await insertPublisher(t.services.db);
    for (let i = 0; i < 5; i++) {
      await insertNode(t.services.db, { publisherId: publisher.id, id: `zebra-pack-${i}`, name: `Zebra striper ${i}` });
    }
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'gone-pack', status: 'NodeStatusDeleted' });
    await t.syncSearch({ full: true });
  });
  afterAll(() => t.close());

  const searchTotal = async () => (await (await t.request('/nodes/search?search=zebra')).json()).total as number;

  it('needs a service token or an admin', async () => {
    expect((await t.request('/nodes/reindex', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/nodes/reindex', { method: 'POST', token: user.token })).status).toBe(403);
  });

  it('rebuilds an index that lost its documents, in batches of max_batch', async () => {
    expect(await searchTotal()).toBe(5);
    // Drift: the index forgot everything (as after a missed change feed).
    t.services.search.replaceAll([]);
    expect(await searchTotal()).toBe(0);
    const response = await t.request('/nodes/reindex?max_batch=2', { method: 'POST', token: service });
    expect(response.status).toBe(200);
    // The five visible nodes; the deleted one is left out.
    const body = await response.json();
    expect(body.indexed).toBe(5);
    expect(body.batches).toBe(3);
    expect(await searchTotal()).toBe(5);
    expect(t.services.search.size()).toBe(5);
  });

  it('lets an admin reindex too, and refuses a bad max_batch', async () => {
    expect((await t.request('/nodes/reindex', { method: 'POST', token: admin.token })).status).toBe(200);
    expect((await t.request('/nodes/reindex?max_batch=x', { method: 'POST', token: service })).status).toBe(400);
  });
});
