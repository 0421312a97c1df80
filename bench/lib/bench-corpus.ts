import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../../src/server/seed/prng.ts';
import { loadCorpusFile } from '../../src/server/services/import/corpus-file.ts';
import type { Corpus } from '../../src/server/services/import/corpus-schema.ts';

/** The real corpus (NODEYARD_CORPUS, else ../shared beside the checkout): absent on a fresh clone. */
export const corpusPath =
  process.env['NODEYARD_CORPUS'] ??
  fileURLToPath(new URL('../../../shared/data/comfy-node-corpus.json', import.meta.url));

/** `count` invented packs shaped like the corpus's (same seed, so every run measures the same data). */
export function syntheticCorpus(count: number): Corpus {
  const rng = seededRandom(42);
  const words = ['image', 'video', 'mask', 'latent', 'prompt', 'upscale', 'face', 'depth', 'lora', 'audio', 'tile'];
  return {
    source: `synthetic (${count} packs)`,
    nodes: Array.from({ length: count }, (_, i) => ({
      id: `synthetic-pack-${i}`,
      name: `Synthetic ${rng.pick(words)} pack ${i}`,
      author: `author-${i % 700}`,
      repository: `https://example.com/synthetic/pack-${i}`,
      description: `A synthetic ${rng.pick(words)} and ${rng.pick(words)} pack for benchmarks.`,
      tags: [rng.pick(words)],
      github_stars: rng.int(0, 5000),
      last_update: null,
      comfy_nodes: Array.from({ length: rng.int(0, 12) }, (_, k) => `Synthetic${i}Node${k}`),
    })),
  };
}

/** The real corpus when present, else `syntheticCount` invented packs. */
export async function loadBenchCorpus(syntheticCount: number): Promise<Corpus> {
  return existsSync(corpusPath) ? await loadCorpusFile(corpusPath) : syntheticCorpus(syntheticCount);
}
