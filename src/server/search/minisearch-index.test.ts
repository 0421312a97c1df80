import { describe, expect, it } from 'vitest';
import { MiniSearchIndex } from './minisearch-index.ts';
import type { SearchDocument, SearchQuery, SearchResult } from './port.ts';
import { fillerPacks, PACKS, searchDoc } from '#test/search/test-documents.ts';

function indexOf(docs: SearchDocument[] = PACKS): MiniSearchIndex {
  const index = new MiniSearchIndex();
  index.replaceAll(docs);
  return index;
}

function run(index: MiniSearchIndex, query: Partial<SearchQuery>): SearchResult {
  return index.search({ sort: 'relevance', page: 1, limit: 50, ...query });
}

const ids = (result: SearchResult) => result.hits.map((hit) => hit.id);
const VISIBLE = PACKS.filter((doc) => doc.status === 'NodeStatusActive');

describe('MiniSearchIndex: matching', () => {
  const index = indexOf([...PACKS, ...fillerPacks(60)]);

  it.each([
    ['ComfyUI Impcat Pack', 'comfyui-impact-pack'],
    ['VideoHelperSuit', 'comfyui-videohelpersuite'],
    ['Frame Interpolaton', 'comfyui-frame-interpolation'],
    ['pixelizaton', 'pixelization'],
    ['SimpleFlaotSlider', 'comfyui-simplefloatslider'],
    ['Advnced ControlNet', 'comfyui-advanced-controlnet'],
    ['upscaler tensortr', 'comfyui-upscaler-tensorrt'],
  ])('finds a pack despite a typo: %s', (text, expected) => {
    expect(ids(run(index, { text }))[0]).toBe(expected);
  });

  it('matches node class names inside the latest version and reports which ones matched', () => {
    const result = run(index, { text: 'FaceDetailer' });
    expect(result.hits[0]?.id).toBe('comfyui-impact-pack');
    expect(result.hits[0]?.matchedClassNames).toEqual(['FaceDetailer']);
  });

  it('classText searches class names only, and ANDs with text', () => {
    expect(ids(run(index, { classText: 'VHS_VideoCombine' }))).toEqual(['comfyui-videohelpersuite']);
    // "draggable" is only in a description: class-name search must not see it.
    expect(run(index, { classText: 'draggable' }).total).toBe(0);
    expect(ids(run(index, { text: 'kijai', classText: 'GrowMaskWithBlur' }))).toEqual(['comfyui-kjnodes']);
    expect(run(index, { text: 'tensorrt', classText: 'GrowMaskWithBlur' }).total).toBe(0);
  });

  it.each([
    ['pixel', 'pixelization'],
    ['kjno', 'comfyui-kjnodes'],
    ['VideoHel', 'comfyui-videohelpersuite'],
    ['frame interp', 'comfyui-frame-interpolation'],
  ])('completes the last word as a prefix: %s', (text, expected) => {
    expect(ids(run(index, { text }))[0]).toBe(expected);
  });

  it('stops prefix matching once the last word is followed by a space', () => {
    expect(ids(run(index, { text: 'pixel' }))).toContain('pixelization');
    expect(ids(run(index, { text: 'pixel ' }))).not.toContain('pixelization');
  });

  it('ranks an exact name or id first', () => {
    expect(ids(run(index, { text: 'ComfyUI-Manager' }))[0]).toBe('comfyui-manager');
    expect(ids(run(index, { text: 'comfyui-impact-pack' }))[0]).toBe('comfyui-impact-pack');
  });

  it('matches author, publisher, tags and description', () => {
    expect(ids(run(index, { text: 'Fannovel16' }))).toEqual(['comfyui-frame-interpolation']);
    expect(ids(run(index, { text: 'Dr.Lt.Data' }))).toContain('comfyui-impact-pack');
    expect(ids(run(index, { text: 'segmentation' }))).toEqual(['comfyui-impact-pack']);
    expect(ids(run(index, { text: 'draggable' }))).toEqual(['comfyui-simplefloatslider']);
  });

  it('drops stop words instead of matching every pack with them', () => {
    const result = run(index, { text: 'comfyui impact' });
    expect(result.hits[0]?.id).toBe('comfyui-impact-pack');
    expect(result.total).toBeLessThan(5);
    // A typo of a stop word is dropped too.
    expect(run(index, { text: 'czmfyui impact' }).total).toBeLessThan(5);
  });

  it('matches every pack having all the words when the query has nothing but stop words', () => {
    expect(run(index, { text: 'comfyui' }).total).toBeGreaterThanOrEqual(60);
    expect(run(index, { text: 'custom nodes for comfyui' }).total).toBeGreaterThanOrEqual(60);
  });

  it('reports the document words that matched, for highlighting', () => {
    expect(run(index, { text: 'float slider' }).hits[0]?.matchedTerms).toEqual(
      expect.arrayContaining(['float', 'slider']),
    );
    // The typo is corrected to the indexed word, which is what the page can highlight.
    expect(run(index, { text: 'pixelizaton' }).hits[0]?.matchedTerms).toContain('pixelization');
  });

  it('finds nothing for gibberish', () => {
    expect(run(index, { text: 'qqqxxzzvv' })).toMatchObject({ hits: [], total: 0 });
  });
});

describe('MiniSearchIndex: visibility', () => {
  it('hides banned packs unless asked, and never returns deleted ones', () => {
    const index = indexOf();
    expect(ids(run(index, { text: 'miner' }))).toEqual([]);
    expect(ids(run(index, { text: 'miner', includeBanned: true }))).toEqual(['crypto-miner-nodes']);
    expect(ids(run(index, { text: 'deleted upscale', includeBanned: true }))).not.toContain('deleted-upscale-pack');
    expect(ids(run(index, { includeBanned: true }))).not.toContain('deleted-upscale-pack');
    expect(run(index, {}).total).toBe(VISIBLE.length);
    expect(run(index, { includeBanned: true }).total).toBe(VISIBLE.length + 1);
    expect(index.size()).toBe(PACKS.length - 1);
  });

  it('shows an upsert, an edit, a ban and a removal in the very next search', () => {
    const index = indexOf();
    const zebra = searchDoc({ id: 'comfyui-zebra', name: 'ComfyUI Zebra Stripes', classNames: ['ZebraStripe'] });
    index.upsert(zebra);
    expect(ids(run(index, { text: 'zebra' }))).toEqual(['comfyui-zebra']);
    expect(index.size()).toBe(PACKS.length);

    index.upsert({ ...zebra, name: 'ComfyUI Tiger Stripes', classNames: ['TigerStripe'] });
    expect(ids(run(index, { text: 'zebra' }))).toEqual(['comfyui-zebra']); // the id still says zebra
    expect(ids(run(index, { text: 'tiger' }))).toEqual(['comfyui-zebra']);
    // The old class is gone from the class field (the id still says zebra, but class search ignores it).
    expect(run(index, { classText: 'zebra' }).total).toBe(0);
    expect(run(index, { classText: 'TigerStripe' }).hits[0]?.matchedClassNames).toEqual(['TigerStripe']);

    index.upsert({ ...zebra, status: 'NodeStatusBanned' });
    expect(run(index, { text: 'zebra' }).total).toBe(0);
    index.upsert({ ...zebra, status: 'NodeStatusActive' });
    expect(run(index, { text: 'zebra' }).total).toBe(1);

    index.upsert({ ...zebra, status: 'NodeStatusDeleted' });
    expect(run(index, { text: 'zebra', includeBanned: true }).total).toBe(0);
    expect(index.size()).toBe(PACKS.length - 1);

    index.upsert(zebra);
    index.remove('comfyui-zebra');
    expect(run(index, { text: 'zebra' }).total).toBe(0);
    index.remove('comfyui-zebra'); // removing twice is harmless
    expect(index.size()).toBe(PACKS.length - 1);
  });

  it('re-ranks on a popularity-only change without re-indexing text', () => {
    const index = indexOf();
    const before = ids(run(index, {}));
    expect(before.indexOf('comfyui-simplefloatslider')).toBeGreaterThan(0);
    const slider = PACKS.find((doc) => doc.id === 'comfyui-simplefloatslider') as SearchDocument;
    index.upsert({ ...slider, stars: 90_000 });
    expect(ids(run(index, {}))[0]).toBe('comfyui-simplefloatslider');
    expect(ids(run(index, { text: 'slider' }))).toEqual(['comfyui-simplefloatslider']);
  });

  it('filters by repository URL', () => {
    const index = indexOf([
      searchDoc({ id: 'a', repositoryUrl: 'https://github.com/Kijai/ComfyUI-KJNodes' }),
      searchDoc({ id: 'b', repositoryUrl: 'https://gitlab.com/other/thing' }),
      searchDoc({ id: 'c' }),
    ]);
    expect(ids(run(index, { repositoryUrl: 'github.com/kijai' }))).toEqual(['a']);
  });
});

describe('MiniSearchIndex: facets and filters', () => {
  const index = indexOf();

  it('counts OS, accelerator and tag values over all matches, before paging', () => {
    const result = run(index, { limit: 1 });
    expect(result.hits).toHaveLength(1);
    expect(result.facets.os).toEqual({ 'OS Independent': 3, 'POSIX :: Linux': 2, 'Microsoft :: Windows': 1 });
    expect(Object.keys(result.facets.os)).toEqual(['OS Independent', 'POSIX :: Linux', 'Microsoft :: Windows']);
    expect(result.facets.accelerators).toEqual({ 'GPU :: NVIDIA CUDA': 4, 'GPU :: AMD ROCm': 1 });
    // The banned and the deleted pack are tagged "video" too: not counted.
    expect(result.facets.tags).toMatchObject({ video: 2, detailer: 1, image: 1, mask: 1 });
  });

  it('filters by OS with aliases, OS Independent and disjunctive counts', () => {
    const result = run(index, { os: ['windows'] });
    expect(ids(result).sort()).toEqual(
      ['comfyui-impact-pack', 'comfyui-kjnodes', 'comfyui-videohelpersuite', 'was-node-suite'].sort(),
    );
    // The OS facet ignores its own filter, the others apply it.
    expect(result.facets.os).toEqual({ 'OS Independent': 3, 'POSIX :: Linux': 2, 'Microsoft :: Windows': 1 });
    expect(result.facets.accelerators).toEqual({ 'GPU :: NVIDIA CUDA': 2, 'GPU :: AMD ROCm': 1 });
  });

  it('combines facets with AND and values within a facet with OR', () => {
    expect(ids(run(index, { accelerators: ['cuda'], tags: ['VIDEO'] })).sort()).toEqual([
      'comfyui-frame-interpolation',
      'comfyui-videohelpersuite',
    ]);
    expect(ids(run(index, { accelerators: ['rocm', 'GPU :: Apple Metal'] }))).toEqual(['comfyui-videohelpersuite']);
    expect(ids(run(index, { os: ['POSIX :: Linux :: Ubuntu'], tags: ['text'] }))).toEqual(['was-node-suite']);
    expect(run(index, { text: 'interpolation', os: ['macos'] }).total).toBe(0);
  });
});

describe('MiniSearchIndex: sorting and paging', () => {
  const index = indexOf();
  const order = (key: 'downloads' | 'stars' | 'createdAt' | 'updatedAt') =>
    [...VISIBLE].sort((a, b) => b[key] - a[key]).map((doc) => doc.id);

  it.each([
    ['downloads', 'downloads'],
    ['stars', 'stars'],
    ['newest', 'createdAt'],
    ['updated', 'updatedAt'],
  ] as const)('browses by %s', (sort, key) => {
    expect(ids(run(index, { sort }))).toEqual(order(key));
  });

  it('browses by popularity when sorting by relevance without text', () => {
    expect(ids(run(index, {}))).toEqual([
      'comfyui-manager',
      'comfyui-impact-pack',
      'comfyui-kjnodes',
      'comfyui-videohelpersuite',
      'was-node-suite',
      'comfyui-advanced-controlnet',
      'comfyui-frame-interpolation',
      'comfyui-upscaler-tensorrt',
      'pixelization',
      'comfyui-simplefloatslider',
    ]);
  });

  it('applies an explicit sort to text matches', () => {
    expect(ids(run(index, { text: 'video', sort: 'stars' }))).toEqual([
      'comfyui-videohelpersuite',
      'comfyui-frame-interpolation',
    ]);
    expect(ids(run(index, { text: 'video', sort: 'newest' }))).toEqual([
      'comfyui-frame-interpolation',
      'comfyui-videohelpersuite',
    ]);
  });

  it('lets the admin search_ranking move a pack (1 = up, 10 = down)', () => {
    const pixel = PACKS.find((doc) => doc.id === 'pixelization') as SearchDocument;
    const manager = PACKS.find((doc) => doc.id === 'comfyui-manager') as SearchDocument;
    const ranked = indexOf([
      ...PACKS.filter((d) => d !== pixel && d !== manager),
      { ...pixel, searchRanking: 1 },
      { ...manager, searchRanking: 10 },
    ]);
    const order = ids(run(ranked, {}));
    expect(order[0]).toBe('pixelization');
    expect(order.indexOf('comfyui-manager')).toBeGreaterThan(1);
  });

  it('breaks ties by id and pages without gaps or repeats', () => {
    const tied = indexOf(['d', 'b', 'e', 'a', 'c', 'f', 'g'].map((id) => searchDoc({ id, stars: 5 })));
    const pages = [1, 2, 3].map((page) => ids(run(tied, { sort: 'stars', page, limit: 3 })));
    expect(pages).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(run(tied, { page: 4, limit: 3 })).toMatchObject({ hits: [], total: 7 });
  });
});
