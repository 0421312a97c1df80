import { describe, expect, it } from 'vitest';
import { Vocabulary } from './vocabulary.ts';

function vocabularyOf(docs: { all: string[]; names?: string[] }[]): Vocabulary {
  const vocabulary = new Vocabulary();
  for (const doc of docs) vocabulary.addDocument(new Set(doc.all), new Set(doc.names ?? doc.all));
  return vocabulary;
}

describe('Vocabulary', () => {
  it('tracks document frequency through adds and removes', () => {
    const vocabulary = vocabularyOf([{ all: ['upscale', 'video'] }, { all: ['upscale'] }]);
    expect(vocabulary.df('upscale')).toBe(2);
    vocabulary.removeDocument(['upscale', 'video'], ['upscale', 'video']);
    expect([vocabulary.df('upscale'), vocabulary.df('video'), vocabulary.documentCount]).toEqual([1, 0, 1]);
    expect(vocabulary.topCompletions('vid', 5)).toEqual([]);
  });

  it('calls a word frequent above 30 % of the nodes, once there are enough nodes to tell', () => {
    const few = vocabularyOf([{ all: ['comfyui'] }, { all: ['comfyui'] }]);
    expect(few.isFrequent('comfyui')).toBe(false);
    const docs = Array.from({ length: 100 }, (_, i) => ({ all: i < 40 ? ['comfyui', `w${i}`] : [`w${i}`] }));
    const many = vocabularyOf(docs);
    expect(many.isFrequent('comfyui')).toBe(true);
    expect(many.frequentWords()).toEqual(['comfyui']);
    for (let i = 0; i < 15; i++) many.removeDocument(['comfyui', `w${i}`], ['comfyui', `w${i}`]);
    for (let i = 0; i < 30; i++) many.addDocument([`x${i}`], [`x${i}`]);
    // 25 of 115 nodes: no longer a stop word.
    expect(many.frequentWords()).toEqual([]);
  });

  it('expands a prefix to name words only, most common first, skipping stop words', () => {
    const docs = [
      ...Array.from({ length: 60 }, (_, i) => ({ all: ['loader', `p${i}`, ...(i < 3 ? ['loadimage'] : [])] })),
      { all: ['loading', 'lorem'], names: ['loading'] },
    ];
    const vocabulary = vocabularyOf(docs);
    // "loader" is in every node (a stop word); "lorem" is only in a description.
    expect(vocabulary.topCompletions('lo', 5)).toEqual(['loadimage', 'loading']);
    expect(vocabulary.topCompletions('lo', 1)).toEqual(['loadimage']);
  });

  it('finds name words within an edit budget, counting a transposition as one edit', () => {
    const vocabulary = vocabularyOf([{ all: ['prompt', 'promptstyler', 'pixelization'] }, { all: ['prompt'] }]);
    expect(vocabulary.fuzzyNameMatches('promtp', 1, 5)).toEqual([{ term: 'prompt', distance: 1 }]);
    expect(vocabulary.fuzzyNameMatches('pixelizaton', 2, 5)).toEqual([{ term: 'pixelization', distance: 1 }]);
    expect(vocabulary.fuzzyNameMatches('prompt', 1, 5)).toEqual([]);
    expect(vocabulary.fuzzyNameMatches('xyz', 0, 5)).toEqual([]);
  });
});
