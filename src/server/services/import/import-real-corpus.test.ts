import { count, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failInCiWithoutCorpus } from '#test/corpus-gate.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { nodes } from '../../db/schema/index.ts';
import { nodeIdKey } from '../publish/node-id.ts';
import { loadCorpusFile } from './corpus-file.ts';
import { importCorpus } from './import-corpus.ts';

// The real corpus (shared/ beside the project, or NODEYARD_CORPUS) is not part of the project:
// a fresh clone without it skips this file and says why.
const corpusPath =
  process.env['NODEYARD_CORPUS'] ??
  fileURLToPath(new URL('../../../../../shared/data/comfy-node-corpus.json', import.meta.url));
const present = existsSync(corpusPath);
if (!present) console.info(`Skipping the real-corpus import test: no corpus at ${corpusPath} (set NODEYARD_CORPUS).`);

failInCiWithoutCorpus(present, corpusPath);

describe.skipIf(!present)(`importing the real corpus (${corpusPath})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('imports every pack and class name, then re-imports without changes', { timeout: 120_000 }, async () => {
    const corpus = await loadCorpusFile(corpusPath);
    const expectedClasses = corpus.nodes.reduce((sum, node) => sum + node.comfy_nodes.length, 0);

    const first = await importCorpus(t.services.db, corpus);
    expect(first).toMatchObject({ total: corpus.nodes.length, created: corpus.nodes.length, skipped: 0 });
    expect(first.classNames).toBe(expectedClasses);
    // Upstream packs that exist under two spellings of one id (ComfyUI_Foo / ComfyUI-Foo) are all
    // kept; every spelling after the first is marked as a kept look-alike.
    const keys = corpus.nodes.map((node) => nodeIdKey(node.id));
    const lookAlikes = keys.length - new Set(keys).size;
    expect(lookAlikes).toBeGreaterThan(0);
    expect(first.confusable).toBe(lookAlikes);
    const [totals] = await t.services.db
      .select({ n: count(), classes: sql<number>`sum(jsonb_array_length(${nodes.catalogComfyNodeNames}))::int` })
      .from(nodes);
    expect(totals).toEqual({ n: corpus.nodes.length, classes: expectedClasses });

    // Class names are queryable: which pack defines a given class?
    const sample = corpus.nodes.find((node) => node.comfy_nodes.length > 0)!;
    const owners = await t.services.db
      .select({ id: nodes.id })
      .from(nodes)
      .where(sql`${nodes.catalogComfyNodeNames} @> ${JSON.stringify([sample.comfy_nodes[0]])}::jsonb`);
    expect(owners.map((o) => o.id)).toContain(sample.id);

    const second = await importCorpus(t.services.db, corpus);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: corpus.nodes.length });
  });
});
