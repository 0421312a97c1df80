import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher, insertVersion } from '../../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { insertComfyNode, seedNode } from './read-fixtures.ts';

interface ListBody {
  nodes: Record<string, unknown>[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

describe('GET /nodes/search (searchNodes)', () => {
  let t: TestApp;
  const search = async (query: string) => {
    const response = await t.request(`/nodes/search${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ListBody;
  };
  const ids = async (query: string) => (await search(query)).nodes.map((n) => n.id);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const studio = await insertPublisher(db, { name: 'Upscale Studio' });
    const video = await seedNode(db, {
      id: 'ComfyUI-VideoHelper',
      name: 'Video Helper Suite',
      description: 'Load and save video files',
      author: 'kosinkadink',
      repository: 'https://github.com/Kosinkadink/ComfyUI-VideoHelperSuite',
      totalInstall: 900,
      supportedOs: ['POSIX :: Linux'],
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }],
    });
    // Only the latest version's classes count: VHS_OldLoader lives in 1.0.0 alone.
    await insertComfyNode(db, video.versions[0]!.id, 'VHS_OldLoader');
    await insertComfyNode(db, video.versions[1]!.id, 'VHS_LoadVideo');
    await seedNode(db, {
      id: 'upscaler',
      name: 'Image Upscaler',
      description: 'Makes 100% bigger images',
      publisher: studio,
      repository: 'https://github.com/example/upscaler',
      totalInstall: 300,
      versions: [{ version: '0.2.0' }],
    });
    const sketch = await seedNode(db, {
      id: 'sketchy',
      name: 'Sketch Tools',
      description: 'Draw video-like sketches',
      totalInstall: 300,
    });
    await insertVersion(db, { nodeId: sketch.node.id, version: '1.0.0', status: 'NodeVersionStatusPending' });
    await seedNode(db, { id: 'banned-video', name: 'Banned Video', status: 'NodeStatusBanned', totalInstall: 5000 });
    await seedNode(db, { id: 'deleted-video', name: 'Deleted Video', status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  it('matches id, name, description, author and publisher name case-insensitively, most installed first', async () => {
    expect(await ids('?search=VIDEO')).toEqual(['ComfyUI-VideoHelper', 'sketchy']);
    expect(await ids('?search=kosinka')).toEqual(['ComfyUI-VideoHelper']);
    expect(await ids('?search=upscale%20studio')).toEqual(['upscaler']);
    expect(await ids('?search=comfyui-videohelper')).toEqual(['ComfyUI-VideoHelper']);
    // Equal installs (300): the id breaks the tie.
    expect(await ids('')).toEqual(['ComfyUI-VideoHelper', 'sketchy', 'upscaler']);
  });

  it('treats LIKE wildcards in the term literally', async () => {
    expect(await ids('?search=%25')).toEqual(['upscaler']);
    expect(await ids('?search=_')).toEqual([]);
  });

  it('searches node class names of the latest version only (comfy_node_search)', async () => {
    expect(await ids('?comfy_node_search=vhs_load')).toEqual(['ComfyUI-VideoHelper']);
    expect(await ids('?comfy_node_search=VHS_OldLoader')).toEqual([]);
  });

  it('searches repository URLs, ignoring a trailing .git or slash', async () => {
    expect(await ids('?repository_url_search=https://github.com/kosinkadink/ComfyUI-VideoHelperSuite.git')).toEqual([
      'ComfyUI-VideoHelper',
    ]);
    expect(await ids('?repository_url_search=github.com/example/upscaler/')).toEqual(['upscaler']);
  });

  it('leaves banned nodes out unless include_banned=true; deleted nodes never appear', async () => {
    expect(await ids('?search=video&include_banned=true')).toEqual(['banned-video', 'ComfyUI-VideoHelper', 'sketchy']);
    expect(await ids('?search=deleted&include_banned=true')).toEqual([]);
  });

  it('filters by platform, pages with the list envelope, and accepts unknown parameters', async () => {
    expect(await ids('?supported_os=windows')).toEqual(['sketchy', 'upscaler']);
    const page2 = await search('?limit=2&page=2&unknown=1');
    expect(page2).toEqual({
      nodes: [expect.objectContaining({ id: 'upscaler' })],
      total: 3,
      page: 2,
      limit: 2,
      totalPages: 2,
    });
    const empty = await search('?search=nothing-like-this');
    expect(empty).toEqual({ nodes: [], total: 0, page: 1, limit: 10, totalPages: 0 });
  });

  it('omits latest_version for nodes without an Active version and strips status_reason', async () => {
    const { nodes } = await search('?search=sketch');
    expect(nodes[0]).not.toHaveProperty('latest_version');
    const [video] = (await search('?search=videohelper')).nodes;
    expect(video!['latest_version']).toMatchObject({ version: '1.1.0' });
    expect(video!['latest_version']).not.toHaveProperty('status_reason');
  });
});
