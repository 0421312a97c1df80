import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';

describe('POST /publishers/{publisherId}/nodes', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const post = (json: unknown, token?: string, publisherId = s.publisher.id) =>
    t.request(`/publishers/${publisherId}/nodes`, { method: 'POST', json, ...(token ? { token } : {}) });

  it('lets a member create a node; admin-only fields are ignored; the write is logged', async () => {
    const response = await post(
      {
        id: 'ComfyUI-Fancy.Nodes',
        name: 'Fancy Nodes',
        description: 'Makes things fancy',
        repository: 'https://github.com/acme/ComfyUI-Fancy.Nodes',
        tags: ['image', 'image', ' video '],
        supported_os: ['linux'],
        status: 'NodeStatusBanned',
        search_ranking: 99,
        tags_admin: ['trusted'],
      },
      s.member.token,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      id: 'ComfyUI-Fancy.Nodes',
      name: 'Fancy Nodes',
      description: 'Makes things fancy',
      repository: 'https://github.com/acme/ComfyUI-Fancy.Nodes',
      tags: ['image', 'video'],
      supported_os: ['linux'],
      status: 'NodeStatusActive',
      search_ranking: 0,
      tags_admin: [],
      publisher: { id: s.publisher.id },
    });
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'ComfyUI-Fancy.Nodes'));
    expect(row).toMatchObject({ normalizedId: 'comfyui-fancy.nodes', publisherId: s.publisher.id });
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'node.create'), eq(auditLog.targetId, 'ComfyUI-Fancy.Nodes')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: s.member.user.id });
  });

  it('defaults the name to the id', async () => {
    const response = await post({ id: 'bare-node' }, s.owner.token);
    expect(await response.json()).toMatchObject({ id: 'bare-node', name: 'bare-node', description: '' });
  });

  it('refuses an id taken in any case (400, as the contract lists)', async () => {
    await post({ id: 'Taken-Node' }, s.owner.token);
    const response = await post({ id: 'taken-NODE' }, s.owner.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'node_id_taken' });
  });

  it('validates the id and URLs', async () => {
    for (const id of ['-leading', 'trailing_', 'has space', 'a'.repeat(101), '']) {
      expect((await post({ id }, s.owner.token)).status).toBe(400);
    }
    const urls = await post({ id: 'url-check', icon: 'data:image/png;base64,xx', banner_url: 'nope' }, s.owner.token);
    expect(urls.status).toBe(400);
    expect((await urls.json()).details.map((d: { path: string }) => d.path)).toEqual(['icon', 'banner_url']);
  });

  it('refuses anonymous (401), strangers (403) and the owner of a banned publisher (403)', async () => {
    expect((await post({ id: 'x-anon' })).status).toBe(401);
    expect((await post({ id: 'x-stranger' }, s.stranger.token)).status).toBe(403);
    const banned = await insertPublisher(t.services.db, { owner: s.owner.user, status: 'PublisherStatusBanned' });
    expect((await post({ id: 'x-banned' }, s.owner.token, banned.id)).status).toBe(403);
    expect((await post({ id: 'x-admin' }, s.admin.token, banned.id)).status).toBe(201);
    expect((await post({ id: 'x-missing' }, s.owner.token, 'nobody-here')).status).toBe(404);
  });
});
