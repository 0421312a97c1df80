import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';

describe('POST /admin/nodes', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  const create = (json: unknown, token = who.admin.token) => t.request('/admin/nodes', { method: 'POST', token, json });

  it('reserves an unclaimed node for a GitHub repository, id defaulting to the repository name', async () => {
    const response = await create({ repository: 'https://github.com/Acme/ComfyUI-Rocket.git', description: 'Boom' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      id: 'ComfyUI-Rocket',
      name: 'ComfyUI-Rocket',
      description: 'Boom',
      repository: 'https://github.com/Acme/ComfyUI-Rocket',
      publisher: { id: 'unclaimed' },
      status: 'NodeStatusActive',
    });
    const audit = await auditRows(t, 'node', 'ComfyUI-Rocket');
    expect(audit[0]).toMatchObject({ action: 'node.reserve', actorUserId: who.admin.user.id });
  });

  it('puts the node under a named publisher', async () => {
    const publisher = await insertPublisher(t.services.db);
    const response = await create({
      id: 'reserved-for-pub',
      repository: 'https://github.com/acme/reserved-for-pub',
      publisher: { id: publisher.id },
    });
    expect(await response.json()).toMatchObject({ id: 'reserved-for-pub', publisher: { id: publisher.id } });
  });

  it('answers 409 for a taken repository or id, 400 for a non-GitHub URL, 404 for an unknown publisher', async () => {
    await create({ repository: 'https://github.com/acme/dupe-repo' });
    const sameRepo = await create({ id: 'other-id', repository: 'https://github.com/ACME/dupe-repo/' });
    expect(sameRepo.status).toBe(409);
    expect(await sameRepo.json()).toMatchObject({ error: 'repository_taken' });
    const sameId = await create({ id: 'DUPE-REPO', repository: 'https://github.com/acme/another' });
    expect(sameId.status).toBe(409);
    expect((await create({ repository: 'https://gitlab.com/acme/x' })).status).toBe(400);
    expect((await create({ repository: 'https://github.com/acme/y', publisher: { id: 'ghost' } })).status).toBe(404);
    expect((await create({})).status).toBe(400);
  });

  it('is for admins only', async () => {
    const json = { repository: 'https://github.com/acme/not-yours' };
    expect((await t.request('/admin/nodes', { method: 'POST', json })).status).toBe(401);
    expect((await create(json, who.stranger.token)).status).toBe(403);
  });
});
