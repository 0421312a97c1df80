import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';

interface SuggestBody {
  suggestions: { text: string; kind: string; nodeId?: string }[];
}

describe('GET /nodes/suggest (suggestNodes, a Nodeyard extension)', () => {
  let t: TestApp;
  const suggest = async (query: string) => {
    const response = await t.request(`/nodes/suggest${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as SuggestBody).suggestions;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const video = await seedNode(db, {
      id: 'ComfyUI-VideoHelper',
      name: 'Video Helper Suite',
      githubStars: 500,
      versions: [{ version: '1.0.0' }],
    });
    await insertComfyNode(db, video.versions[0]!.id, 'VHS_LoadVideo');
    await insertComfyNode(db, video.versions[0]!.id, 'VHS_VideoCombine');
    await seedNode(db, { id: 'upscaler', name: 'Image Upscaler' });
    await seedNode(db, { id: 'hidden', name: 'Video Banned Pack', status: 'NodeStatusBanned' });
    await t.syncSearch();
  });
  afterAll(() => t.close());

  it('completes node names (with the node id) and class names, publicly cacheable', async () => {
    const response = await t.request('/nodes/suggest?q=vid');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    const { suggestions } = (await response.json()) as SuggestBody;
    expect(suggestions).toContainEqual({ text: 'Video Helper Suite', kind: 'node', nodeId: 'ComfyUI-VideoHelper' });
    // Banned nodes are never suggested.
    expect(suggestions.map((s) => s.text)).not.toContain('Video Banned Pack');
    expect(await suggest('?q=VHS_Lo')).toContainEqual({ text: 'VHS_LoadVideo', kind: 'class' });
  });

  it('clamps limit to 1..20', async () => {
    expect(await suggest('?q=v&limit=1')).toHaveLength(1);
    expect(await suggest('?q=v&limit=0')).toHaveLength(1);
    expect((await suggest('?q=v&limit=500')).length).toBeGreaterThan(1);
  });

  it('records first pages of text searches that found something, and offers adopted ones after names', async () => {
    t.services.search.drainRecordedQueries();
    for (let i = 0; i < 2; i++) {
      expect((await t.request('/nodes/search?search=upscaler')).status).toBe(200);
      expect((await t.request('/nodes/search?search=image%20upscaler&page=2')).status).toBe(200);
      expect((await t.request('/nodes/search?search=upsidedownzzz')).status).toBe(200);
    }
    // In-process requests have no address: every one is the client "unknown", counted once.
    expect(t.services.search.drainRecordedQueries()).toEqual([{ text: 'upscaler', client: 'unknown' }]);
    // What the search sync adopts once enough clients ran it (tests/api/popular-query-poisoning.test.ts).
    t.services.search.replacePopularQueries([{ text: 'upscaler', clients: 5, weight: 9 }]);
    expect(await suggest('?q=ups')).toEqual([
      { text: 'Image Upscaler', kind: 'node', nodeId: 'upscaler' },
      { text: 'upscaler', kind: 'query' },
    ]);
  });

  it('requires a non-empty q (400 listing the problem)', async () => {
    for (const query of ['', '?q=', '?q=%20%20', '?limit=5']) {
      const response = await t.request(`/nodes/suggest${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.stringContaining('q') });
    }
  });

  it('is not mistaken for a node id', async () => {
    expect((await t.request('/nodes/suggest?q=video')).status).toBe(200);
    expect((await t.request('/nodes/ComfyUI-VideoHelper')).status).toBe(200);
  });
});
