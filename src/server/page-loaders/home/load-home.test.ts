import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { EMPTY_STATE, parseSearchState } from '../../../lib/search/url-state.ts';
import { loadHomePage } from './load-home.ts';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
  const { db } = t.services;
  const publisher = await insertPublisher(db, { id: 'acme', name: 'Acme Nodes' });
  await insertPublisher(db, { id: 'unclaimed', name: 'Unclaimed' });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const packs = [
    { id: 'mask-kit', name: 'Mask Kit', tags: ['mask', 'image'], totalInstall: 900, updatedAt: day(2) },
    { id: 'mask-tools', name: 'Mask Tools', tags: ['mask'], totalInstall: 50, updatedAt: day(9) },
    { id: 'upscale-tools', name: 'Upscale Tools', tags: ['upscale', 'image'], totalInstall: 5000, updatedAt: day(5) },
    {
      id: 'banned-mask',
      name: 'Banned Mask',
      tags: ['mask'],
      totalInstall: 99_999,
      status: 'NodeStatusBanned' as const,
    },
  ];
  for (const pack of packs) {
    await insertNode(db, { publisherId: 'acme', description: `${pack.name} for ComfyUI`, ...pack });
    await insertVersion(db, { nodeId: pack.id, version: '1.0.0' });
  }
  await insertNode(db, { id: 'orphan-mask', name: 'Orphan Mask', publisherId: 'unclaimed', totalInstall: 1 });
  expect(publisher.id).toBe('acme');
  await t.syncSearch();
});

afterEach(async () => {
  await t.close();
});

describe('loadHomePage', () => {
  it('renders the same first page as GET /nodes/search', async () => {
    const state = parseSearchState('?q=mask&tags=mask');
    const page = await loadHomePage(t.services, state);
    const api = (await (await t.request('/nodes/search?search=mask&tags=mask&limit=20')).json()) as {
      nodes: { id: string }[];
      total: number;
      facets: unknown;
      highlights: unknown;
    };
    expect(page.results?.nodes.map((n) => n.id)).toEqual(api.nodes.map((n) => n.id));
    expect(page.results?.nodes.map((n) => n.id)).toEqual(['mask-kit', 'mask-tools']);
    expect(page.results?.total).toBe(api.total);
    expect(page.results?.facets).toEqual(api.facets);
    expect(page.results?.highlights).toEqual(api.highlights);
    expect(page.results?.highlights['mask-kit']?.terms).toContain('mask');
    expect(page.results?.totalPages).toBe(1);
  });

  it('passes only card fields to the page (no repository, no download URL)', async () => {
    const page = await loadHomePage(t.services, parseSearchState('?q=upscale'));
    const card = page.results?.nodes[0];
    expect(card).toMatchObject({
      id: 'upscale-tools',
      name: 'Upscale Tools',
      publisher: { id: 'acme', name: 'Acme Nodes' },
      latest_version: { version: '1.0.0' },
      downloads: 5000,
    });
    expect(Object.keys(card ?? {})).not.toContain('repository');
    expect(Object.keys(card?.latest_version ?? {})).toEqual(['version']);
  });

  it('the home view: popular by popularity, recently updated by date, banned packs left out', async () => {
    const page = await loadHomePage(t.services, EMPTY_STATE);
    expect(page.results).toBeUndefined();
    expect(page.popular.map((n) => n.id)).toEqual(['upscale-tools', 'mask-kit', 'mask-tools', 'orphan-mask']);
    expect(page.recentlyUpdated[0]?.id).toBe('orphan-mask');
    expect(page.recentlyUpdated.map((n) => n.id)).not.toContain('banned-mask');
    expect(page.homeFacets.tags).toEqual({ mask: 2, image: 2, upscale: 1 });
  });

  it('no match: did-you-mean completions from a shorter prefix', async () => {
    const page = await loadHomePage(t.services, parseSearchState('?q=maskzzqq'));
    expect(page.results?.total).toBe(0);
    expect(page.didYouMean.map((s) => s.text)).toContain('Mask Kit');
    expect(page.popular.length).toBeGreaterThan(0);
  });

  it('says when the query is a ComfyUI built-in class, as the API does, and counts undeclared facets', async () => {
    const page = await loadHomePage(t.services, parseSearchState('?q=ksampler'));
    expect(page.results?.core_class).toBe('KSampler');
    const api = (await (await t.request('/nodes/search?search=ksampler')).json()) as { core_class?: string };
    expect(api.core_class).toBe('KSampler');
    expect((await loadHomePage(t.services, parseSearchState('?q=mask'))).results).not.toHaveProperty('core_class');
    // No pack here declares a platform: all four visible packs are outside the OS counts.
    expect(page.homeFacets.undeclared).toEqual({ os: 4, accelerators: 4, tags: 1 });
  });

  it('filters and sort from the URL reach the index', async () => {
    const page = await loadHomePage(t.services, parseSearchState('?tags=image&sort=updated'));
    expect(page.results?.nodes.map((n) => n.id)).toEqual(['upscale-tools', 'mask-kit']);
  });
});
