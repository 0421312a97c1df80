import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';

describe('GET /admin/audit-log', () => {
  let t: TestApp;
  let who: AdminActors;
  let nodeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    const publisher = await insertPublisher(t.services.db);
    nodeId = (await insertNode(t.services.db, { publisherId: publisher.id })).id;
    await t.request(`/admin/nodes/${nodeId}`, { method: 'PUT', token: who.admin.token, json: { search_ranking: 3 } });
    await t.request(`/publishers/${publisher.id}/ban`, { method: 'POST', token: who.admin.token });
  });
  afterAll(() => t.close());

  type Page = { entries: { action: string; target_id: string; actor: { email?: string } }[]; total: number };
  const list = async (query: string) =>
    (await (await t.request(`/admin/audit-log${query}`, { token: who.admin.token })).json()) as Page;

  it('lists entries newest first with the actor, and filters by target, action, actor and date', async () => {
    const all = await list('');
    expect(all.entries.map((e) => e.action).slice(0, 2)).toEqual(['publisher.ban', 'node.admin_update']);
    expect(all.entries[0]!.actor.email).toBe(who.admin.user.email);
    expect((await list(`?target_type=node&target_id=${nodeId}`)).entries.map((e) => e.action)).toEqual([
      'node.admin_update',
    ]);
    expect((await list('?action=publisher.')).entries.map((e) => e.action)).toEqual(['publisher.ban']);
    expect((await list(`?actor=${encodeURIComponent(who.admin.user.email!.slice(0, 12))}`)).total).toBe(2);
    expect((await list(`?actor=${who.stranger.user.id}`)).total).toBe(0);
    expect((await list('?from=2999-01-01')).total).toBe(0);
    expect((await list('?to=2999-01-01')).total).toBeGreaterThanOrEqual(2);
  });

  it('names each target (node and publisher names, version and number, account e-mail), not just its id', async () => {
    const db = t.services.db;
    const publisher = await insertPublisher(db, { name: 'Acme Nodes' });
    const node = await insertNode(db, { publisherId: publisher.id, name: 'Acme Upscaler' });
    const version = await insertVersion(db, { nodeId: node.id, version: '2.1.0', status: 'NodeVersionStatusFlagged' });
    const asAdmin = { token: who.admin.token };
    await t.request(`/admin/nodes/${node.id}/versions/2.1.0`, {
      method: 'PUT',
      ...asAdmin,
      json: { status: 'NodeVersionStatusBanned', status_reason: 'miner' },
    });
    await t.request(`/admin/users/${who.stranger.user.id}`, { method: 'PUT', ...asAdmin, json: { isAdmin: true } });
    await t.request(`/admin/users/${who.stranger.user.id}`, { method: 'PUT', ...asAdmin, json: { isAdmin: false } });
    await t.request(`/publishers/${publisher.id}/ban`, { method: 'POST', ...asAdmin });
    type Named = { target_type: string; target_id: string; target: Record<string, unknown> | null };
    const entries = (await list('?limit=10')).entries as unknown as Named[];
    const targetOf = (type: string, id: string) => entries.find((e) => e.target_type === type && e.target_id === id);
    expect(targetOf('node_version', version.id)?.target).toEqual({
      name: 'Acme Upscaler',
      node_id: node.id,
      version: '2.1.0',
    });
    expect(targetOf('publisher', publisher.id)?.target).toEqual({ name: 'Acme Nodes', node_id: null, version: null });
    expect(targetOf('user', who.stranger.user.id)?.target).toMatchObject({ name: who.stranger.user.email });
  });

  it('rejects a malformed date and non-admins', async () => {
    expect((await t.request('/admin/audit-log?from=yesterday', { token: who.admin.token })).status).toBe(400);
    expect((await t.request('/admin/audit-log')).status).toBe(401);
    expect((await t.request('/admin/audit-log', { token: who.stranger.token })).status).toBe(403);
  });
});
