import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { comfyNodeCollisions, publisherPermissions } from '../../db/schema/index.ts';

describe('GET /publishers/{publisherId}/nodes/{nodeId}/collisions (listNodeClassCollisions)', () => {
  let t: TestApp;
  let owner: Actor;
  let stranger: Actor;
  const get = (path: string, token?: string) => t.request(path, token ? { token } : {});

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    [owner, stranger] = await Promise.all([signedIn(t), signedIn(t)]);
    const mine = await insertPublisher(db, { id: 'mine' });
    await db.insert(publisherPermissions).values({ publisherId: mine.id, userId: owner.user.id, role: 'owner' });
    const theirs = await insertPublisher(db, { id: 'theirs' });
    await insertNode(db, { id: 'my-pack', publisherId: mine.id });
    await insertNode(db, { id: 'their-pack', name: 'Their Pack', publisherId: theirs.id });
    await insertVersion(db, { nodeId: 'my-pack', version: '1.0.0' });
    const pending = await insertVersion(db, {
      nodeId: 'my-pack',
      version: '1.1.0',
      status: 'NodeVersionStatusPending',
    });
    await db.insert(comfyNodeCollisions).values([
      { nodeVersionId: pending.id, comfyNodeName: 'Upscale', otherNodeId: 'their-pack' },
      { nodeVersionId: pending.id, comfyNodeName: 'Blend', otherNodeId: 'their-pack' },
    ]);
  });
  afterAll(() => t.close());

  it('lists the versions that collide, with the other packs and classes', async () => {
    const response = await get('/publishers/mine/nodes/my-pack/collisions', owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      versions: [
        {
          version_id: expect.any(String),
          version: '1.1.0',
          packs: [{ node_id: 'their-pack', node_name: 'Their Pack', classes: ['Blend', 'Upscale'] }],
        },
      ],
    });
  });

  it('is for members and admins only; other publishers’ nodes are 404', async () => {
    expect((await get('/publishers/mine/nodes/my-pack/collisions')).status).toBe(401);
    expect((await get('/publishers/mine/nodes/my-pack/collisions', stranger.token)).status).toBe(403);
    expect((await get('/publishers/mine/nodes/their-pack/collisions', owner.token)).status).toBe(404);
    expect((await get('/publishers/nobody/nodes/my-pack/collisions', owner.token)).status).toBe(404);
  });
});
