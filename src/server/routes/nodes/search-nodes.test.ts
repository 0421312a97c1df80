import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { NodeSchema } from '../schemas.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';

interface SearchBody {
  nodes: Record<string, unknown>[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  facets: {
    os: Record<string, number>;
    accelerators: Record<string, number>;
    tags: Record<string, number>;
    undeclared: { os: number; accelerators: number; tags: number };
  };
  core_class?: string;
  highlights: Record<string, { terms: string[]; classNames: string[] }>;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('GET /nodes/search (searchNodes)', () => {
  let t: TestApp;
  const search = async (query: string) => {
    const response = await t.request(`/nodes/search${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as SearchBody;
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
      githubStars: 50,
      tags: ['video'],
      supportedOs: ['POSIX :: Linux'],
      createdAt: day('2026-01-01'),
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }],
    });
    // Only the latest version's classes count: ZebraStripes lives in 1.0.0 alone.
    await insertComfyNode(db, video.versions[0]!.id, 'ZebraStripes');
    await insertComfyNode(db, video.versions[1]!.id, 'VHS_LoadVideo');
    await seedNode(db, {
      id: 'upscaler',
      name: 'Image Upscaler',
      description: 'Makes 100% bigger images',
      publisher: studio,
      repository: 'https://github.com/example/upscaler',
      totalInstall: 300,
      githubStars: 900,
      tags: ['image', 'upscale'],
      supportedOs: ['Microsoft :: Windows'],
      supportedAccelerators: ['GPU :: NVIDIA CUDA'],
      createdAt: day('2026-03-01'),
      versions: [{ version: '0.2.0' }],
    });
    const sketch = await seedNode(db, {
      id: 'sketchy',
      name: 'Sketch Tools',
      description: 'Draw video-like sketches',
      totalInstall: 300,
      githubStars: 5,
      tags: ['video', 'drawing'],
      supportedOs: ['OS Independent'],
      createdAt: day('2026-02-01'),
      updatedAt: day('2026-02-01'),
    });
    await insertVersion(db, { nodeId: sketch.node.id, version: '1.0.0', status: 'NodeVersionStatusPending' });
    await seedNode(db, { id: 'banned-video', name: 'Banned Video', status: 'NodeStatusBanned', totalInstall: 5000 });
    await seedNode(db, { id: 'deleted-video', name: 'Deleted Video', status: 'NodeStatusDeleted' });
    await t.syncSearch();
  });
  afterAll(() => t.close());

  it('answers the contract envelope, plus facets, highlights and icon images beside it (never inside Node objects)', async () => {
    const body = await search('');
    expect(Object.keys(body).sort()).toEqual([
      'facets',
      'highlights',
      'icon_images',
      'limit',
      'nodes',
      'page',
      'total',
      'totalPages',
    ]);
    expect(body).toMatchObject({ total: 3, page: 1, limit: 10, totalPages: 1 });
    const known = Object.keys(NodeSchema.shape);
    for (const node of body.nodes) expect(Object.keys(node).filter((key) => !known.includes(key))).toEqual([]);
    // No text: relevance means popularity (stars, downloads) × search_ranking.
    expect(body.nodes.map((n) => n.id)).toEqual(['upscaler', 'ComfyUI-VideoHelper', 'sketchy']);
    expect(body.nodes[1]).toMatchObject({
      id: 'ComfyUI-VideoHelper',
      publisher: { id: expect.any(String), name: 'Test Publisher' },
      downloads: 900,
    });
  });

  it('ranks name matches above description matches, and finds author, publisher and exact id', async () => {
    expect(await ids('?search=video')).toEqual(['ComfyUI-VideoHelper', 'sketchy']);
    expect(await ids('?search=kosinkadink')).toEqual(['ComfyUI-VideoHelper']);
    expect((await ids('?search=upscale%20studio'))[0]).toBe('upscaler');
    expect((await ids('?search=comfyui-videohelper'))[0]).toBe('ComfyUI-VideoHelper');
  });

  it('tolerates typos and transposed letters', async () => {
    expect((await ids('?search=vidoe%20helpr'))[0]).toBe('ComfyUI-VideoHelper');
    expect(await ids('?search=upscalr')).toEqual(['upscaler']);
    expect(await ids('?search=qqqqxxxxzz')).toEqual([]);
  });

  it('matches node class names of the latest version (search and comfy_node_search), with highlights', async () => {
    const body = await search('?search=VHS_LoadVideo');
    expect(body.nodes[0]!.id).toBe('ComfyUI-VideoHelper');
    expect(body.highlights['ComfyUI-VideoHelper']!.classNames).toEqual(['VHS_LoadVideo']);
    expect(await ids('?comfy_node_search=vhs_loadvideo')).toEqual(['ComfyUI-VideoHelper']);
    expect(await ids('?comfy_node_search=ZebraStripes')).toEqual([]);
    expect(await ids('?search=zebra')).toEqual([]);
  });

  it('highlights the matched words of every returned node, keyed by node id', async () => {
    const { highlights } = await search('?search=video');
    expect(Object.keys(highlights).sort()).toEqual(['ComfyUI-VideoHelper', 'sketchy']);
    expect(highlights['ComfyUI-VideoHelper']!.terms).toContain('video');
  });

  it('filters by repository URL, ignoring case and a trailing .git or slash', async () => {
    expect(await ids('?repository_url_search=https://github.com/kosinkadink/ComfyUI-VideoHelperSuite.git')).toEqual([
      'ComfyUI-VideoHelper',
    ]);
    expect(await ids('?repository_url_search=github.com/example/upscaler/')).toEqual(['upscaler']);
  });

  it('leaves banned nodes out unless include_banned=true; deleted nodes never appear', async () => {
    expect(await ids('?search=video')).not.toContain('banned-video');
    expect(await ids('?search=video&include_banned=true')).toContain('banned-video');
    expect(await ids('?search=deleted&include_banned=true')).toEqual([]);
    expect((await search('?include_banned=true')).total).toBe(4);
    expect((await t.request('/nodes/search?include_banned=maybe')).status).toBe(400);
  });

  it('filters by OS, accelerator and tags, with disjunctive facet counts', async () => {
    // "OS Independent" runs anywhere; `os` is the repeatable alias of supported_os.
    expect((await ids('?supported_os=windows')).sort()).toEqual(['sketchy', 'upscaler']);
    expect((await ids('?os=linux&os=windows')).sort()).toEqual(['ComfyUI-VideoHelper', 'sketchy', 'upscaler']);
    expect(await ids('?supported_accelerator=cuda')).toEqual(['upscaler']);
    expect(await ids('?accelerator=cuda&tags=video')).toEqual([]);
    const body = await search('?tags=video&tags=DRAWING');
    expect(body.nodes.map((n) => n.id)).toEqual(['ComfyUI-VideoHelper', 'sketchy']);
    // The tag facet ignores its own filter: it still counts the image-only node's tags.
    expect(body.facets.tags).toEqual({ video: 2, drawing: 1, image: 1, upscale: 1 });
    expect(body.facets.os).toEqual({ 'OS Independent': 1, 'POSIX :: Linux': 1 });
    expect(body.facets.accelerators).toEqual({});
    // Neither match declares an accelerator: the empty counts are "not declared", not "none runs on a GPU".
    expect(body.facets.undeclared).toEqual({ os: 0, accelerators: 2, tags: 0 });
  });

  it("counts, per facet, the matches that declare no value of it (under the other facets' filters)", async () => {
    // Every visible node declares an OS and tags; only the upscaler declares an accelerator.
    expect((await search('')).facets.undeclared).toEqual({ os: 0, accelerators: 2, tags: 0 });
    // Ticking CUDA leaves the accelerator counts (their own facet) alone but narrows the others.
    expect((await search('?accelerator=cuda')).facets.undeclared).toEqual({ os: 0, accelerators: 2, tags: 0 });
    expect((await search('?os=linux')).facets.undeclared).toEqual({ os: 0, accelerators: 2, tags: 0 });
    expect((await search('?tags=image')).facets.undeclared).toEqual({ os: 0, accelerators: 0, tags: 0 });
  });

  it("names the ComfyUI built-in class that the whole search text is, in ComfyUI's spelling", async () => {
    expect((await search('?search=KSampler')).core_class).toBe('KSampler');
    expect((await search('?search=%20ksampleradvanced%20')).core_class).toBe('KSamplerAdvanced');
    // A pack search that merely contains the name, or no text at all, names nothing.
    expect(await search('?search=ksampler%20tools')).not.toHaveProperty('core_class');
    expect(await search('?search=video')).not.toHaveProperty('core_class');
    expect(await search('')).not.toHaveProperty('core_class');
    // comfy_node_search alone is a class filter, not the visitor's question: no notice for it.
    expect(await search('?comfy_node_search=KSampler')).not.toHaveProperty('core_class');
  });

  it('sorts by downloads, stars, newest and updated; an unknown sort is a 400', async () => {
    expect(await ids('?sort=downloads')).toEqual(['ComfyUI-VideoHelper', 'upscaler', 'sketchy']);
    expect(await ids('?sort=stars')).toEqual(['upscaler', 'ComfyUI-VideoHelper', 'sketchy']);
    expect(await ids('?sort=newest')).toEqual(['upscaler', 'sketchy', 'ComfyUI-VideoHelper']);
    // Sketch Tools was last changed in February; the others got versions just now.
    expect((await ids('?sort=updated'))[2]).toBe('sketchy');
    expect(await ids('?search=video&sort=stars')).toEqual(['ComfyUI-VideoHelper', 'sketchy']);
    const bad = await t.request('/nodes/search?sort=popularity');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.stringContaining('sort') });
  });

  it('pages with the list envelope, clamps limit to 1..100 and accepts unknown parameters', async () => {
    expect(await search('?limit=2&page=2&unknown=1&sort=downloads')).toMatchObject({
      nodes: [expect.objectContaining({ id: 'sketchy' })],
      total: 3,
      page: 2,
      limit: 2,
      totalPages: 2,
    });
    expect(await search('?limit=1000')).toMatchObject({ limit: 100, totalPages: 1 });
    expect(await search('?limit=0')).toMatchObject({ limit: 1, totalPages: 3 });
    expect(await search('?page=9')).toMatchObject({ nodes: [], total: 3, page: 9 });
    expect(await search('?search=qqqqxxxxzz')).toEqual({
      nodes: [],
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 0,
      facets: { os: {}, accelerators: {}, tags: {}, undeclared: { os: 0, accelerators: 0, tags: 0 } },
      highlights: {},
      icon_images: {},
    });
  });

  it('omits latest_version for nodes without an Active version and strips status_reason', async () => {
    const { nodes } = await search('?search=sketch');
    expect(nodes[0]).toMatchObject({ id: 'sketchy' });
    expect(nodes[0]).not.toHaveProperty('latest_version');
    const [video] = (await search('?search=videohelper')).nodes;
    expect(video!['latest_version']).toMatchObject({ version: '1.1.0' });
    expect(video!['latest_version']).not.toHaveProperty('status_reason');
  });
});

describe('GET /nodes/search follows writes made through the API', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    await insertNode(t.services.db, { publisherId: s.publisher.id, id: 'edit-me', name: 'Plain Loader' });
    await t.syncSearch();
  });
  afterAll(() => t.close());

  const ids = async (query: string) =>
    ((await (await t.request(`/nodes/search${query}`)).json()) as SearchBody).nodes.map((n) => n.id);

  it('shows an edit after one sync, and drops a deleted node after the next', async () => {
    expect(await ids('?search=loader')).toEqual(['edit-me']);
    const put = await t.request(`/publishers/${s.publisher.id}/nodes/edit-me`, {
      method: 'PUT',
      json: { name: 'Quokka Painter', tags: ['paint'] },
      token: s.member.token,
    });
    expect(put.status).toBe(200);
    // The index follows the database one poll behind.
    expect(await ids('?search=quokka')).toEqual([]);
    await t.syncSearch();
    expect(await ids('?search=quokka')).toEqual(['edit-me']);
    expect(await ids('?search=plain%20loader')).toEqual([]);
    expect(await ids('?tags=paint')).toEqual(['edit-me']);

    const deleted = await t.request(`/publishers/${s.publisher.id}/nodes/edit-me`, {
      method: 'DELETE',
      token: s.owner.token,
    });
    expect(deleted.status).toBe(204);
    // Not shown even before the sync: the page is re-read from the database.
    expect(await ids('?search=quokka')).toEqual([]);
    await t.syncSearch();
    expect(await ids('?search=quokka&include_banned=true')).toEqual([]);
    expect(t.services.search.size()).toBe(0);
  });
});
