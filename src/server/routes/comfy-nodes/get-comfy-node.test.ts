import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';

describe('GET /nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName} (GetComfyNode)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const pack = await seedNode(t.services.db, { id: 'Pack', versions: [{ version: '1.0.0' }, { version: '2.0.0' }] });
    await insertComfyNode(t.services.db, pack.versions[0]!.id, 'Loader', { category: 'loaders', deprecated: true });
    await insertComfyNode(t.services.db, pack.versions[1]!.id, 'Saver');
    const banned = await seedNode(t.services.db, {
      id: 'banned-pack',
      status: 'NodeStatusBanned',
      versions: [{ version: '1.0.0' }],
    });
    await insertComfyNode(t.services.db, banned.versions[0]!.id, 'Loader');
  });
  afterAll(() => t.close());

  it('returns one class of the version', async () => {
    const response = await t.request('/nodes/pack/versions/1.0.0/comfy-nodes/Loader');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      comfy_node_name: 'Loader',
      category: 'loaders',
      deprecated: true,
      experimental: false,
      output_is_list: [],
    });
  });

  it('answers 404 for a class of another version, a different letter case, or an unknown version', async () => {
    const missing = await t.request('/nodes/Pack/versions/1.0.0/comfy-nodes/Saver');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining('Saver') });
    expect((await t.request('/nodes/Pack/versions/1.0.0/comfy-nodes/loader')).status).toBe(404);
    expect((await t.request('/nodes/Pack/versions/3.0.0/comfy-nodes/Loader')).status).toBe(404);
    expect((await t.request('/nodes/nope/versions/1.0.0/comfy-nodes/Loader')).status).toBe(404);
  });

  it('answers 403 for a banned node', async () => {
    expect((await t.request('/nodes/banned-pack/versions/1.0.0/comfy-nodes/Loader')).status).toBe(403);
  });
});
