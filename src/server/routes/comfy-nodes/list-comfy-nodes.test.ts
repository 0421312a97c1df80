import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';

interface ComfyNodePage {
  comfy_nodes: Record<string, unknown>[];
  totalNumberOfPages: number;
}

describe('GET /nodes/{nodeId}/versions/{version}/comfy-nodes (ListComfyNodes)', () => {
  let t: TestApp;
  const get = async (path: string) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    return (await response.json()) as ComfyNodePage;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const pack = await seedNode(db, {
      id: 'Pack',
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }, { version: '0.9.0', status: 'NodeVersionStatusDeleted' }],
    });
    const [v100, v110] = pack.versions;
    await insertComfyNode(db, v100!.id, 'OldNode');
    await insertComfyNode(db, v110!.id, 'Sampler', {
      category: 'sampling',
      description: 'Samples',
      inputTypes: '{"required":{"steps":["INT"]}}',
      returnNames: '["LATENT"]',
      returnTypes: '["LATENT"]',
      outputIsList: [false],
      function: 'sample',
      experimental: true,
      displayName: 'Fancy Sampler',
    });
    for (const name of ['Blend', 'Crop', 'Denoise', 'Encode']) await insertComfyNode(db, v110!.id, name);
    await seedNode(db, { id: 'banned-pack', status: 'NodeStatusBanned', versions: [{ version: '1.0.0' }] });
  });
  afterAll(() => t.close());

  it('lists the version’s classes by name with the contract field names', async () => {
    const body = await get('/nodes/pack/versions/1.1.0/comfy-nodes');
    expect(Object.keys(body).sort()).toEqual(['comfy_nodes', 'totalNumberOfPages']);
    expect(body.totalNumberOfPages).toBe(1);
    expect(body.comfy_nodes.map((n) => n.comfy_node_name)).toEqual(['Blend', 'Crop', 'Denoise', 'Encode', 'Sampler']);
    expect(body.comfy_nodes[4]).toEqual({
      comfy_node_name: 'Sampler',
      category: 'sampling',
      description: 'Samples',
      input_types: '{"required":{"steps":["INT"]}}',
      return_names: '["LATENT"]',
      return_types: '["LATENT"]',
      output_is_list: [false],
      function: 'sample',
      deprecated: false,
      experimental: true,
    });
    expect((await get('/nodes/Pack/versions/1.0.0/comfy-nodes')).comfy_nodes.map((n) => n.comfy_node_name)).toEqual([
      'OldNode',
    ]);
  });

  it('pages with page/limit and reports totalNumberOfPages', async () => {
    const second = await get('/nodes/Pack/versions/1.1.0/comfy-nodes?page=2&limit=2');
    expect(second).toMatchObject({ totalNumberOfPages: 3 });
    expect(second.comfy_nodes.map((n) => n.comfy_node_name)).toEqual(['Denoise', 'Encode']);
    expect((await get('/nodes/Pack/versions/1.1.0/comfy-nodes?limit=0&page=x')).totalNumberOfPages).toBe(5);
    // Past the last page: no classes, and still the number of pages there are.
    expect(await get('/nodes/Pack/versions/1.1.0/comfy-nodes?page=9&limit=2')).toEqual({
      comfy_nodes: [],
      totalNumberOfPages: 3,
    });
  });

  it('answers an empty list for a version without extracted classes', async () => {
    await seedNode(t.services.db, { id: 'bare', versions: [{ version: '1.0.0' }] });
    expect(await get('/nodes/bare/versions/1.0.0/comfy-nodes')).toEqual({ comfy_nodes: [], totalNumberOfPages: 0 });
  });

  it('answers 404 for unknown nodes and unknown or deleted versions, 403 for banned nodes', async () => {
    expect((await t.request('/nodes/nope/versions/1.0.0/comfy-nodes')).status).toBe(404);
    expect((await t.request('/nodes/Pack/versions/3.0.0/comfy-nodes')).status).toBe(404);
    expect((await t.request('/nodes/Pack/versions/0.9.0/comfy-nodes')).status).toBe(404);
    expect((await t.request('/nodes/banned-pack/versions/1.0.0/comfy-nodes')).status).toBe(403);
  });
});
