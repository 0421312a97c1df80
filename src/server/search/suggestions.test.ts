import { describe, expect, it } from 'vitest';
import { MiniSearchIndex } from './minisearch-index.ts';
import type { Suggestion } from './port.ts';
import { SuggestionIndex } from './suggestions.ts';
import { PACKS, searchDoc } from '#test/search/test-documents.ts';

function indexOf(): MiniSearchIndex {
  const index = new MiniSearchIndex();
  index.replaceAll(PACKS);
  return index;
}

const texts = (suggestions: Suggestion[]) => suggestions.map((s) => `${s.kind}:${s.text}`);

describe('suggest', () => {
  it('completes node names (with the node id) and class names', () => {
    const suggestions = indexOf().suggest('imp', 5);
    expect(suggestions[0]).toEqual({ text: 'ComfyUI Impact Pack', kind: 'node', nodeId: 'comfyui-impact-pack' });
    expect(texts(suggestions)).toContain('class:ImpactInt');
  });

  it('completes from the start of any word or camelCase part, ignoring separators', () => {
    const index = indexOf();
    expect(texts(index.suggest('comfyui imp', 5))).toEqual(['node:ComfyUI Impact Pack']);
    expect(texts(index.suggest('videoc', 5))).toEqual(['class:VHS_VideoCombine']);
    expect(texts(index.suggest('detailer', 5))).toEqual(['class:DetailerForEach', 'class:FaceDetailer']);
  });

  it('ranks a label that starts with the prefix above one where a later word does', () => {
    const index = new MiniSearchIndex();
    index.replaceAll([
      searchDoc({ id: 'a', name: 'Super Upscale Tools', stars: 100 }),
      searchDoc({ id: 'b', name: 'Upscale Tools', stars: 100 }),
    ]);
    expect(index.suggest('upsc', 5).map((s) => s.nodeId)).toEqual(['b', 'a']);
  });

  it('never suggests banned or deleted nodes, nor their classes', () => {
    const index = indexOf();
    expect(index.suggest('crypto', 5)).toEqual([]);
    expect(index.suggest('minerups', 5)).toEqual([]);
    expect(index.suggest('deleted', 5)).toEqual([]);
  });

  it('follows upserts, bans and removals', () => {
    const index = indexOf();
    const zebra = searchDoc({ id: 'zebra', name: 'Zebra Tools', classNames: ['ZebraStripe'] });
    index.upsert(zebra);
    expect(texts(index.suggest('zeb', 5))).toEqual(['node:Zebra Tools', 'class:ZebraStripe']);
    index.upsert({ ...zebra, classNames: ['ZebraPattern'] });
    expect(texts(index.suggest('zebras', 5))).toEqual([]);
    expect(texts(index.suggest('zebrap', 5))).toEqual(['class:ZebraPattern']);
    index.upsert({ ...zebra, status: 'NodeStatusBanned' });
    expect(index.suggest('zeb', 5)).toEqual([]);
    index.upsert(zebra);
    index.remove('zebra');
    expect(index.suggest('zeb', 5)).toEqual([]);
  });

  it('keeps a class while another active pack still ships it', () => {
    const index = new MiniSearchIndex();
    index.replaceAll([
      searchDoc({ id: 'one', classNames: ['SharedLoader'] }),
      searchDoc({ id: 'two', classNames: ['SharedLoader'] }),
    ]);
    index.remove('one');
    expect(texts(index.suggest('sharedl', 5))).toEqual(['class:SharedLoader']);
    index.remove('two');
    expect(index.suggest('sharedl', 5)).toEqual([]);
  });

  it('records only texts whose every word a visible pack contains and that find one', () => {
    const index = indexOf();
    index.recordQuery('Frame  Interpolation', 'client-a');
    for (const text of [
      'frame interpolatoin', // a typo the planner corrects: never repeated to others
      'frame interp', // half-typed
      'zzqx visit my-spam site', // words no pack contains
      'crypto miner', // words only a banned pack contains
      'https://frame.example', // a link
    ]) {
      index.recordQuery(text, 'client-a');
    }
    expect(index.drainRecordedQueries()).toEqual([{ text: 'frame interpolation', client: 'client-a' }]);
  });

  it('suggests adopted popular queries below every name, checked again when suggested', () => {
    const index = indexOf();
    index.replacePopularQueries([
      { text: 'frame interpolation', clients: 5, weight: 50 },
      // As a shared table might still hold it after the packs went: never shown.
      { text: 'crypto miner', clients: 90, weight: 90 },
    ]);
    expect(texts(index.suggest('fram', 5))).toEqual(['node:ComfyUI Frame Interpolation', 'query:frame interpolation']);
    expect(index.suggest('cryp', 5)).toEqual([]);
    expect(texts(index.suggest('fram', 5, { popularQueries: false }))).toEqual(['node:ComfyUI Frame Interpolation']);
    // An empty prefix lists the popular queries only; punctuation alone completes nothing.
    expect(index.suggest('', 5)).toEqual([{ text: 'frame interpolation', kind: 'query' }]);
    expect(index.suggest('--', 5)).toEqual([]);
    index.remove('comfyui-frame-interpolation');
    expect(index.suggest('fram', 5)).toEqual([]);
  });

  it('respects the limit and keeps kinds mixed', () => {
    const index = new MiniSearchIndex();
    index.replaceAll([
      searchDoc({ id: 'loader-pack', name: 'Loader Pack', stars: 10 }),
      searchDoc({
        id: 'many',
        stars: 10_000,
        classNames: ['LoaderA', 'LoaderB', 'LoaderC', 'LoaderD', 'LoaderE', 'LoaderF'],
      }),
    ]);
    const suggestions = index.suggest('load', 4);
    expect(suggestions).toHaveLength(4);
    expect(texts(suggestions)).toContain('node:Loader Pack');
    expect(index.suggest('load', 0)).toEqual([]);
  });
});

describe('SuggestionIndex', () => {
  it('answers short and long prefixes the same way a full scan would', () => {
    const popularity = new Map<string, number>();
    const index = new SuggestionIndex((id) => popularity.get(id) ?? 0);
    // More labels under "ca" than a top list holds, with increasing popularity.
    for (let i = 0; i < 300; i++) {
      popularity.set(`n${i}`, i);
      index.setNode(`n${i}`, `Cat Tools ${String(i).padStart(3, '0')}`, []);
    }
    const top = index.complete('ca', 3).map((c) => c.nodeId);
    expect(top).toEqual(['n299', 'n298', 'n297']);
    // Longer than the top lists' prefixes: found by filtering, or by scanning the subtree.
    expect(index.complete('cattools007', 3).map((c) => c.nodeId)).toEqual(['n7']);
    // Removing top entries makes the list rebuild instead of losing what came next.
    for (const id of ['n299', 'n298', 'n297']) index.removeNode(id);
    expect(index.complete('ca', 3).map((c) => c.nodeId)).toEqual(['n296', 'n295', 'n294']);
  });
});
