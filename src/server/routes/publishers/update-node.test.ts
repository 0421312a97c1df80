import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { NodeRow } from '../../db/rows.ts';

describe('PUT /publishers/{publisherId}/nodes/{nodeId}', () => {
  let t: TestApp;
  let s: PublisherScene;
  let node: NodeRow;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    node = await insertNode(t.services.db, {
      publisherId: s.publisher.id,
      id: 'Edit-Me',
      icon: 'https://x.example/i.png',
    });
    await insertVersion(t.services.db, { nodeId: node.id, version: '2.0.0' });
  });
  afterAll(() => t.close());

  const put = (path: string, json: unknown, token?: string) =>
    t.request(`/publishers/${path}`, { method: 'PUT', json, ...(token ? { token } : {}) });

  it('lets a member edit the public fields, through a case-insensitive node id', async () => {
    const response = await put(
      `${s.publisher.id}/nodes/edit-me`,
      {
        name: 'Edited',
        description: 'New words',
        icon: '',
        license: '{"text": "MIT"}',
        supported_accelerators: ['cuda'],
        supported_comfyui_version: '>=0.3.0',
        status: 'NodeStatusBanned',
        preempted_comfy_node_names: ['KSampler'],
      },
      s.member.token,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      id: 'Edit-Me',
      name: 'Edited',
      description: 'New words',
      license: '{"text": "MIT"}',
      supported_accelerators: ['cuda'],
      supported_comfyui_version: '>=0.3.0',
      status: 'NodeStatusActive',
      preempted_comfy_node_names: [],
      latest_version: { version: '2.0.0' },
    });
    expect(body.icon).toBeUndefined();
  });

  it('answers 404 for a node of another publisher, an unknown one or a deleted one', async () => {
    const foreign = await insertNode(t.services.db, { publisherId: (await insertPublisher(t.services.db)).id });
    const deleted = await insertNode(t.services.db, { publisherId: s.publisher.id, status: 'NodeStatusDeleted' });
    for (const id of [foreign.id, 'no-such-node', deleted.id]) {
      const response = await put(`${s.publisher.id}/nodes/${id}`, { name: 'x' }, s.owner.token);
      expect(response.status).toBe(404);
    }
  });

  it('freezes a banned node for its owner but not for admins', async () => {
    const banned = await insertNode(t.services.db, { publisherId: s.publisher.id, status: 'NodeStatusBanned' });
    const asOwner = await put(`${s.publisher.id}/nodes/${banned.id}`, { name: 'x' }, s.owner.token);
    expect(asOwner.status).toBe(403);
    expect(await asOwner.json()).toMatchObject({ error: 'node_banned' });
    expect((await put(`${s.publisher.id}/nodes/${banned.id}`, { name: 'x' }, s.admin.token)).status).toBe(200);
  });

  it('validates fields and refuses anonymous and strangers', async () => {
    const path = `${s.publisher.id}/nodes/${node.id}`;
    expect((await put(path, { repository: 'github.com/no-scheme' }, s.owner.token)).status).toBe(400);
    expect((await put(path, { tags: ['x'.repeat(51)] }, s.owner.token)).status).toBe(400);
    expect((await put(path, { name: 'x' })).status).toBe(401);
    expect((await put(path, { name: 'x' }, s.stranger.token)).status).toBe(403);
  });
});
