import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';

describe('GET /admin/nodes', () => {
  let t: TestApp;
  let who: AdminActors;
  let pubA: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    const db = t.services.db;
    pubA = (await insertPublisher(db, { id: 'alpha-pub', name: 'Alpha' })).id;
    const pubB = (await insertPublisher(db, { id: 'beta-pub', name: 'Beta' })).id;
    await insertNode(db, { id: 'a-upscale', publisherId: pubA, name: 'Upscaler', tags: ['image'], totalInstall: 5 });
    await insertNode(db, { id: 'a-banned', publisherId: pubA, status: 'NodeStatusBanned', tagsAdmin: ['unsafe'] });
    await insertNode(db, { id: 'b-video', publisherId: pubB, name: 'Video Tools', totalInstall: 50 });
    await insertNode(db, { id: 'b-gone', publisherId: pubB, status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  const ids = async (query: string) => {
    const response = await t.request(`/admin/nodes${query}`, { token: who.admin.token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { nodes: { id: string }[] }).nodes.map((n) => n.id);
  };

  it('lists active and banned nodes, filters by status, publisher, tag and text, and sorts', async () => {
    expect((await ids('?sort=total_install;desc')).slice(0, 2)).toEqual(['b-video', 'a-upscale']);
    expect(await ids('?status=NodeStatusBanned')).toEqual(['a-banned']);
    expect(await ids('?status=NodeStatusDeleted')).toEqual(['b-gone']);
    expect((await ids(`?publisher=${pubA}&sort=name`)).sort()).toEqual(['a-banned', 'a-upscale']);
    expect(await ids('?tag=unsafe')).toEqual(['a-banned']);
    expect(await ids('?tag=image')).toEqual(['a-upscale']);
    expect(await ids('?search=video')).toEqual(['b-video']);
    expect(await ids('?search=Beta')).toEqual(['b-video']);
  });

  it('paginates', async () => {
    const response = await t.request('/admin/nodes?limit=2&page=2&sort=name', { token: who.admin.token });
    expect(await response.json()).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
  });

  it('is for admins only', async () => {
    expect((await t.request('/admin/nodes')).status).toBe(401);
    expect((await t.request('/admin/nodes', { token: who.stranger.token })).status).toBe(403);
  });
});
