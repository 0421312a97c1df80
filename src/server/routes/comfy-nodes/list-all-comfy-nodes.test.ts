import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';

interface AllBody {
  comfy_nodes: Record<string, unknown>[];
  total: number;
}

describe('GET /comfy-nodes (ListAllComfyNodes)', () => {
  let t: TestApp;
  const names = async (query: string) => {
    const response = await t.request(`/comfy-nodes${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as AllBody;
    return { names: body.comfy_nodes.map((n) => n.comfy_node_name), total: body.total };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const alpha = await seedNode(db, {
      id: 'Alpha',
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }, { version: '2.0.0', status: 'NodeVersionStatusPending' }],
    });
    await insertComfyNode(db, alpha.versions[0]!.id, 'OldAlphaNode');
    await insertComfyNode(db, alpha.versions[1]!.id, 'AlphaNode');
    await insertComfyNode(db, alpha.versions[1]!.id, 'Shared');
    await insertComfyNode(db, alpha.versions[2]!.id, 'FutureNode');
    const beta = await seedNode(db, { id: 'beta', versions: [{ version: '1.0.0' }] });
    await insertComfyNode(db, beta.versions[0]!.id, 'BetaNode');
    await insertComfyNode(db, beta.versions[0]!.id, 'Shared');
    const banned = await seedNode(db, { id: 'banned', status: 'NodeStatusBanned', versions: [{ version: '1.0.0' }] });
    await insertComfyNode(db, banned.versions[0]!.id, 'BannedNode');
  });
  afterAll(() => t.close());

  it('lists the classes of each public node’s latest version, by name', async () => {
    expect(await names('')).toEqual({ names: ['AlphaNode', 'BetaNode', 'Shared', 'Shared'], total: 4 });
  });

  it('filters by node_id (any case), node_version and comfy_node_name', async () => {
    expect(await names('?node_id=ALPHA')).toEqual({ names: ['AlphaNode', 'Shared'], total: 2 });
    expect(await names('?node_id=alpha&node_version=1.0.0')).toEqual({ names: ['OldAlphaNode'], total: 1 });
    expect(await names('?node_id=alpha&node_version=v2')).toEqual({ names: ['FutureNode'], total: 1 });
    expect(await names('?comfy_node_name=Shared')).toEqual({ names: ['Shared', 'Shared'], total: 2 });
    expect(await names('?node_id=banned')).toEqual({ names: [], total: 0 });
    const bad = await t.request('/comfy-nodes?node_version=newest');
    expect(bad.status).toBe(400);
  });

  it('pages with page/pageSize and clamps the size', async () => {
    expect(await names('?pageSize=3&page=2')).toEqual({ names: ['Shared'], total: 4 });
    expect(await names('?pageSize=0')).toEqual({ names: ['AlphaNode'], total: 4 });
    expect(await names('?pageSize=100000&unknown=1')).toEqual({
      names: ['AlphaNode', 'BetaNode', 'Shared', 'Shared'],
      total: 4,
    });
  });
});
