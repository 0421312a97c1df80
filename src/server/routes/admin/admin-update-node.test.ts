import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';

describe('PUT /admin/nodes/{nodeId}', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  const put = (nodeId: string, json: unknown, token = who.admin.token) =>
    t.request(`/admin/nodes/${nodeId}`, { method: 'PUT', token, json });
  const arrange = async () => {
    const publisher = await insertPublisher(t.services.db, { owner: await insertUser(t.services.db) });
    return { publisher, node: await insertNode(t.services.db, { publisherId: publisher.id, tags: ['image'] }) };
  };

  it('sets admin-only fields and logs exactly what changed', async () => {
    const { node } = await arrange();
    const response = await put(node.id, {
      tags: ['image', 'video'],
      tags_admin: ['unsafe'],
      search_ranking: 7,
      preempted_comfy_node_names: ['KSampler', 'KSampler'],
      supported_os: ['Linux'],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: node.id,
      tags: ['image', 'video'],
      tags_admin: ['unsafe'],
      search_ranking: 7,
      preempted_comfy_node_names: ['KSampler'],
      supported_os: ['Linux'],
    });
    const [entry] = await auditRows(t, 'node', node.id);
    expect(entry).toMatchObject({
      action: 'node.admin_update',
      before: { tags: ['image'], tags_admin: [], search_ranking: 0, preempted_comfy_node_names: [], supported_os: [] },
      after: { tags: ['image', 'video'], tags_admin: ['unsafe'], search_ranking: 7 },
    });
    expect(Object.keys(entry!.before as object).sort()).toEqual(
      ['preempted_comfy_node_names', 'search_ranking', 'supported_os', 'tags', 'tags_admin'].sort(),
    );
  });

  it('unclaims a node and assigns it to another publisher', async () => {
    const { node } = await arrange();
    const unclaimed = await put(node.id, { publisher: { id: 'unclaimed' } });
    expect(await unclaimed.json()).toMatchObject({ publisher: { id: 'unclaimed' } });
    const target = await insertPublisher(t.services.db);
    const assigned = await put(node.id, { publisher: { id: target.id.toUpperCase() } });
    expect(await assigned.json()).toMatchObject({ publisher: { id: target.id } });
  });

  it('refuses a banned or unknown target publisher, a deleted node, and bad values', async () => {
    const { node } = await arrange();
    const banned = await insertPublisher(t.services.db, { status: 'PublisherStatusBanned' });
    expect((await put(node.id, { publisher: { id: banned.id } })).status).toBe(409);
    expect((await put(node.id, { publisher: { id: 'ghost-pub' } })).status).toBe(404);
    expect((await put(node.id, { search_ranking: 'high' })).status).toBe(400);
    expect((await put(node.id, { status: 'NodeStatusDeleted' })).status).toBe(400);
    const deleted = await insertNode(t.services.db, { publisherId: banned.id, status: 'NodeStatusDeleted' });
    expect((await put(deleted.id, { tags: [] })).status).toBe(404);
  });

  it('is for admins only: even the owner cannot set admin fields here', async () => {
    const publisher = await insertPublisher(t.services.db, { owner: who.stranger.user });
    const node = await insertNode(t.services.db, { publisherId: publisher.id });
    expect((await t.request(`/admin/nodes/${node.id}`, { method: 'PUT', json: {} })).status).toBe(401);
    expect((await put(node.id, { search_ranking: 1 }, who.stranger.token)).status).toBe(403);
  });
});
