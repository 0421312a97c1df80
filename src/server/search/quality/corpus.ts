import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SearchDocument } from '../port.ts';

/**
 * The real ComfyUI pack corpus (../shared/data, not part of the project) as search documents, for the
 * quality test and the benchmark. Test/bench support only: the engine itself never reads files.
 */

const DEFAULT_PATH = fileURLToPath(new URL('../../../../../shared/data/comfy-node-corpus.json', import.meta.url));

const CorpusNode = z.object({
  id: z.string(),
  name: z.string(),
  author: z.string().nullish(),
  description: z.string().nullish(),
  repository: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  comfy_nodes: z.array(z.string()).nullish(),
  github_stars: z.number().nullish(),
  last_update: z.string().nullish(),
});
const Corpus = z.object({ nodes: z.array(CorpusNode) });

/** NODEYARD_CORPUS overrides the default location. */
export function corpusPath(): string {
  return process.env['NODEYARD_CORPUS'] || DEFAULT_PATH;
}

export function corpusExists(path = corpusPath()): boolean {
  return existsSync(path);
}

export function readCorpus(path = corpusPath()): SearchDocument[] {
  return corpusToDocuments(JSON.parse(readFileSync(path, 'utf8')));
}

export function corpusToDocuments(json: unknown): SearchDocument[] {
  return Corpus.parse(json).nodes.map((node) => {
    const updated = node.last_update ? Date.parse(`${node.last_update.replace(' ', 'T')}Z`) : NaN;
    const time = Number.isFinite(updated) ? updated : 0;
    const doc: SearchDocument = {
      id: node.id,
      name: node.name,
      description: node.description ?? '',
      author: node.author ?? '',
      publisherId: '',
      publisherName: '',
      tags: node.tags ?? [],
      classNames: node.comfy_nodes ?? [],
      supportedOs: [],
      supportedAccelerators: [],
      // The corpus has no download counts.
      downloads: 0,
      stars: node.github_stars ?? 0,
      searchRanking: 0,
      createdAt: time,
      updatedAt: time,
      status: 'NodeStatusActive',
    };
    if (node.repository) doc.repositoryUrl = node.repository;
    return doc;
  });
}
