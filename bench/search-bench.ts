/**
 * Search benchmark on the real ComfyUI corpus: `npx node bench/search-bench.ts`.
 *
 * Builds the in-process index, runs a deterministic mixed query set (exact names, names with a typo, 3–6
 * character prefixes, class names; 300 each, seed 42, warmed up on the seed-7 set) and prints server-side
 * latency and recall@5 next to the upstream `ILIKE '%q%'` search on PGlite (and on PostgreSQL when
 * TEST_DATABASE_URL is set). Also times suggestions, facets + sorting, and incremental updates.
 * NODEYARD_CORPUS overrides the corpus path; without a corpus it prints why and exits 0.
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { MiniSearchIndex } from '../src/server/search/minisearch-index.ts';
import type { SearchDocument } from '../src/server/search/port.ts';
import { corpusExists, corpusPath, readCorpus } from '../src/server/search/quality/corpus.ts';
import { buildQuerySet, type EvalQuery, type QueryType } from '../src/server/search/quality/query-sets.ts';
import { qualityOf, type TypeQuality } from '../src/server/search/quality/recall.ts';
import { pgliteIlike, postgresIlike, type IlikeRunner } from './lib/search-ilike.ts';
import { ms, pct, percentiles, timeAsync, timeIt, type Percentiles } from './lib/search-stats.ts';
import { markdownTable } from './lib/search-table.ts';

const PER_TYPE = 300;
const PASSES = 3;
const LIMIT = 10;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface EngineRun {
  label: string;
  latency: Record<QueryType | 'all', Percentiles>;
  quality: Record<QueryType, TypeQuality>;
}

function heapMb(): number {
  gc();
  return process.memoryUsage().heapUsed / 1_048_576;
}

function latencyByType(queries: readonly EvalQuery[], samples: readonly number[][]): EngineRun['latency'] {
  const byType = (type: QueryType) => samples.flatMap((pass) => pass.filter((_, i) => queries[i]?.type === type));
  return {
    all: percentiles(samples.flat()),
    exact: percentiles(byType('exact')),
    typo: percentiles(byType('typo')),
    prefix: percentiles(byType('prefix')),
    class: percentiles(byType('class')),
  };
}

function runIndex(index: MiniSearchIndex, queries: readonly EvalQuery[], docs: Map<string, SearchDocument>) {
  const samples: number[][] = [];
  let results: string[][] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const times: number[] = [];
    results = queries.map((query) => {
      let ids: string[] = [];
      times.push(
        timeIt(() => {
          ids = index.search({ text: query.text, sort: 'relevance', page: 1, limit: LIMIT }).hits.map((h) => h.id);
        }),
      );
      return ids;
    });
    samples.push(times);
  }
  return {
    label: 'MiniSearch + planner (in-process)',
    latency: latencyByType(queries, samples),
    quality: qualityOf(queries, results, docs),
  };
}

async function runIlike(runner: IlikeRunner, queries: readonly EvalQuery[], docs: Map<string, SearchDocument>) {
  for (const query of queries.slice(0, 50)) await runner.search(query.text, LIMIT); // warm-up
  const times: number[] = [];
  const results: string[][] = [];
  for (const query of queries) {
    let ids: string[] = [];
    times.push(await timeAsync(async () => (ids = await runner.search(query.text, LIMIT))));
    results.push(ids);
  }
  return { label: runner.label, latency: latencyByType(queries, [times]), quality: qualityOf(queries, results, docs) };
}

function mainTable(runs: readonly EngineRun[]): string {
  const header = ['engine', 'p50', 'p95', 'p99', 'max', 'p95 exact', 'p95 typo', 'p95 prefix', 'p95 class'];
  header.push('R@5 exact', 'R@5 typo', 'R@5 prefix', 'prefix top-5 valid', 'R@5 class');
  const rows = runs.map(({ label, latency: l, quality: q }) => [
    label,
    ms(l.all.p50),
    ms(l.all.p95),
    ms(l.all.p99),
    ms(l.all.max),
    ...(['exact', 'typo', 'prefix', 'class'] as const).map((t) => ms(l[t].p95)),
    ...(['exact', 'typo', 'prefix'] as const).map((t) => `${pct(q[t].recallAt5)} (${pct(q[t].recallAt1)})`),
    pct(q.prefix.validTop5 ?? 0),
    `${pct(q.class.recallAt5)} (${pct(q.class.recallAt1)})`,
  ]);
  return markdownTable(header, rows);
}

function timeSuggestions(index: MiniSearchIndex, queries: readonly EvalQuery[]): Percentiles {
  const prefixes = queries
    .filter((q) => q.type === 'prefix')
    .flatMap((q) => [1, 2, 3, 4].map((n) => q.text.slice(0, n)));
  for (const prefix of prefixes) index.suggest(prefix, 8); // warm-up (fills the short-prefix lists' caches)
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass++)
    for (const prefix of prefixes) times.push(timeIt(() => index.suggest(prefix, 8)));
  return percentiles(times);
}

function timeFacetsAndSort(index: MiniSearchIndex, queries: readonly EvalQuery[]): Percentiles {
  const texts = [
    ...queries.filter((q) => q.type === 'prefix').slice(0, 50),
    ...queries.filter((q) => q.type === 'exact').slice(0, 50),
  ].map((q) => q.text);
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    for (const text of texts)
      times.push(timeIt(() => index.search({ text, sort: 'stars', tags: ['image'], page: 1, limit: LIMIT })));
    times.push(timeIt(() => index.search({ sort: 'downloads', page: 1, limit: LIMIT })));
  }
  return percentiles(times);
}

/** 100 new packs added, 100 existing ones edited (new description and class list), the 100 new ones removed. */
function timeUpdates(index: MiniSearchIndex, docs: readonly SearchDocument[]) {
  const add: number[] = [];
  const edit: number[] = [];
  const remove: number[] = [];
  let visible = 0;
  let gone = 0;
  for (let i = 0; i < 100; i++) {
    const source = docs[(i * 53) % docs.length] as SearchDocument;
    const fresh = { ...source, id: `bench-new-${i}`, name: `Benchfresh Zq${i} Pack` };
    add.push(timeIt(() => index.upsert(fresh)));
    if (index.search({ text: `Benchfresh Zq${i} Pack`, sort: 'relevance', page: 1, limit: 1 }).hits[0]?.id === fresh.id)
      visible++;
    const existing = docs[(i * 97 + 11) % docs.length] as SearchDocument;
    const edited = {
      ...existing,
      description: `${existing.description} edited`,
      classNames: [...existing.classNames, `BenchNode${i}`],
    };
    edit.push(timeIt(() => index.upsert(edited)));
  }
  for (let i = 0; i < 100; i++) {
    remove.push(timeIt(() => index.remove(`bench-new-${i}`)));
    const hits = index.search({ text: `Benchfresh Zq${i} Pack`, sort: 'relevance', page: 1, limit: 50 }).hits;
    if (!hits.some((hit) => hit.id === `bench-new-${i}`)) gone++;
  }
  return { add: percentiles(add), edit: percentiles(edit), remove: percentiles(remove), visible, gone };
}

async function main(): Promise<void> {
  const path = corpusPath();
  if (!corpusExists(path)) {
    console.log(
      `search-bench: no corpus at ${path}; nothing to measure (set NODEYARD_CORPUS to comfy-node-corpus.json).`,
    );
    return;
  }
  const docs = readCorpus(path);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`# Search benchmark — ${new Date().toISOString()}`);
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load ${load()}; corpus ${docs.length} packs, ` +
      `${docs.reduce((n, d) => n + d.classNames.length, 0)} class names (${path})\n`,
  );

  const heapBefore = heapMb();
  const index = new MiniSearchIndex();
  const buildMs = timeIt(() => index.replaceAll(docs));
  const heapAfter = heapMb();
  const rebuildMs = timeIt(() => index.replaceAll(docs));

  for (const query of buildQuerySet(docs, 7, PER_TYPE))
    index.search({ text: query.text, sort: 'relevance', page: 1, limit: LIMIT });
  const queries = buildQuerySet(docs, 42, PER_TYPE);
  const runs: EngineRun[] = [runIndex(index, queries, byId)];

  const classTimes: number[] = [];
  const classResults = queries.map((query) => {
    if (query.type !== 'class') return [];
    let ids: string[] = [];
    classTimes.push(
      timeIt(
        () =>
          (ids = index
            .search({ classText: query.text, sort: 'relevance', page: 1, limit: LIMIT })
            .hits.map((h) => h.id)),
      ),
    );
    return ids;
  });
  const classOnly = qualityOf(queries, classResults, byId).class;

  const suggest = timeSuggestions(index, queries);
  const facets = timeFacetsAndSort(index, queries);
  const updates = timeUpdates(index, docs);

  const runners: (() => Promise<IlikeRunner>)[] = [() => pgliteIlike(docs)];
  const url = process.env['TEST_DATABASE_URL'];
  if (url) runners.push(() => postgresIlike(url, docs));
  const loads: string[] = [];
  for (const open of runners) {
    let runner: IlikeRunner | undefined;
    const loadMs = await timeAsync(async () => (runner = await open()));
    if (!runner) continue;
    loads.push(`${runner.label}: open + load ${ms(loadMs)} ms`);
    runs.push(await runIlike(runner, queries, byId));
    await runner.close();
  }

  console.log(`## Query latency (ms, top-${LIMIT}, sequential) and recall@5 % (R@1 in brackets)\n`);
  console.log(`${PER_TYPE} queries per type (seed 42). MiniSearch: ${PASSES} passes; ILIKE: 1 pass.\n`);
  console.log(mainTable(runs));
  console.log(`\n## Index, suggestions, facets, updates\n`);
  console.log(
    markdownTable(
      ['measure', 'value'],
      [
        ['build (cold, incl. tokenizing)', `${ms(buildMs)} ms`],
        ['rebuild (warm, replaceAll)', `${ms(rebuildMs)} ms`],
        ['heap after build', `${ms(heapAfter - heapBefore)} MB (of ${ms(heapAfter)} MB used)`],
        [
          'class-name-only search (comfy_node_search): R@5 / p95',
          `${pct(classOnly.recallAt5)} % / ${ms(percentiles(classTimes).p95)} ms`,
        ],
        [
          'suggest (1–4 chars, limit 8): p50 / p95 / p99',
          `${ms(suggest.p50)} / ${ms(suggest.p95)} / ${ms(suggest.p99)} ms`,
        ],
        ['tag filter + sort by stars, browse by downloads: p50 / p95', `${ms(facets.p50)} / ${ms(facets.p95)} ms`],
        [
          'upsert new pack: p50 / p95 / max',
          `${ms(updates.add.p50)} / ${ms(updates.add.p95)} / ${ms(updates.add.max)} ms`,
        ],
        [
          'upsert edited pack: p50 / p95 / max',
          `${ms(updates.edit.p50)} / ${ms(updates.edit.p95)} / ${ms(updates.edit.max)} ms`,
        ],
        [
          'remove: p50 / p95 / max',
          `${ms(updates.remove.p50)} / ${ms(updates.remove.p95)} / ${ms(updates.remove.max)} ms`,
        ],
        ['new pack found by its name right after upsert', `${updates.visible} / 100`],
        ['removed pack gone right after remove', `${updates.gone} / 100`],
        ...loads.map((line) => {
          const [label, value] = line.split(': ');
          return [label ?? '', value ?? ''];
        }),
      ],
    ),
  );
  console.log(`\nload average at end: ${load()}`);
}

await main();
