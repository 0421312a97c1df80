import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '../../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { adminActors, type AdminActors } from '../../../../tests/support/routes/admin.ts';

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

  it('rejects a malformed date and non-admins', async () => {
    expect((await t.request('/admin/audit-log?from=yesterday', { token: who.admin.token })).status).toBe(400);
    expect((await t.request('/admin/audit-log')).status).toBe(401);
    expect((await t.request('/admin/audit-log', { token: who.stranger.token })).status).toBe(403);
  });
});
