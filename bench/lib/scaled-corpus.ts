// A corpus file N times the size of the real one (or of a given file): copy k of every pack gets the id
// suffix "-xk" (copy 0 keeps the real ids), so lists and pages behave as they would with N times the
// packs. Written once per scale under .bench-data/ and reused.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_CORPUS = '/work/shared/data/comfy-node-corpus.json';

interface CorpusJson {
  source: string;
  nodes: Array<{ id: string; name?: string | null; comfy_nodes?: string[] | null }>;
}

export function scaledCorpusFile(scale: number, dataDir: string, source = DEFAULT_CORPUS): string {
  if (scale === 1) return source;
  const target = join(dataDir, `corpus-x${scale}.json`);
  if (existsSync(target)) return target;
  const corpus = JSON.parse(readFileSync(source, 'utf8')) as CorpusJson;
  const copies = Array.from({ length: scale }, (_, copy) =>
    corpus.nodes.map((node) =>
      copy === 0
        ? node
        : {
            ...node,
            id: `${node.id}-x${copy}`,
            name: node.name ? `${node.name} (copy ${copy})` : node.name,
            comfy_nodes: (node.comfy_nodes ?? []).map((name) => `${name}X${copy}`),
          },
    ),
  );
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(target, JSON.stringify({ source: `${corpus.source} ×${scale}`, nodes: copies.flat() }));
  return target;
}
