/**
 * Workflow resolver recall/precision on the real ComfyUI corpus: `npm run bench:resolve`.
 *
 * Imports the corpus (../shared/data/comfy-node-corpus.json, or NODEYARD_CORPUS) into a fresh in-memory
 * PGlite exactly as `npm run import` does, then builds API-format workflows from real pack classes and
 * resolves them through the same service and SQL lookup as POST /workflows/resolve:
 * - one workflow per pack: up to 12 of its classes (seeded sample) plus three core classes;
 * - one workflow per ambiguous class (defined by several packs), alone: the ranking without context.
 * Prints recall (classes resolved to a pack that defines them), precision (classes resolved to the pack
 * the workflow was built from), packs per single-pack workflow, and request latency. Prints why and
 * exits 0 when the corpus is absent.
 */
import { openDatabase } from '../src/server/db/client.ts';
import { loadCorpusFile } from '../src/server/services/import/corpus-file.ts';
import { importCorpus } from '../src/server/services/import/import-corpus.ts';
import { seededRandom } from '../src/server/seed/prng.ts';
import { corpusExists, corpusPath } from '../src/server/search/quality/corpus.ts';
import { databaseProviders } from '../src/server/services/workflows/class-providers.ts';
import { isCoreClass } from '../src/server/services/workflows/core-classes.ts';
import { resolveWorkflow } from '../src/server/services/workflows/resolve-workflow.ts';
import { readWorkflowClasses } from '../src/server/services/workflows/workflow-classes.ts';
import { ms, percentiles } from './lib/search-stats.ts';

const CLASSES_PER_WORKFLOW = 12;
const CORE_FILLER = ['CheckpointLoaderSimple', 'KSampler', 'SaveImage'];

const path = corpusPath();
if (!corpusExists(path)) {
  console.log(`bench:resolve skipped: no corpus at ${path} (set NODEYARD_CORPUS to a comfy-node-corpus.json).`);
  process.exit(0);
}

const corpus = await loadCorpusFile(path);
const database = await openDatabase({ driver: 'pglite' });
const imported = await importCorpus(database.db, corpus);
console.log(
  `Corpus: ${imported.total} packs, ${imported.classNames} class names, imported in ${imported.seconds.toFixed(1)} s`,
);

// Who defines what, per the corpus (ids as stored: the importer keeps the corpus id).
const definers = new Map<string, Set<string>>();
for (const pack of corpus.nodes) {
  for (const name of pack.comfy_nodes) {
    const set = definers.get(name) ?? new Set<string>();
    set.add(pack.id.toLowerCase());
    definers.set(name, set);
  }
}

const lookup = databaseProviders(database.db);
const random = seededRandom(42);
const sample = <T>(items: readonly T[], count: number): T[] => {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
};
const apiWorkflow = (classes: string[]) =>
  Object.fromEntries(classes.map((name, i) => [String(i + 1), { class_type: name, inputs: {} }]));

interface Tally {
  classes: number;
  core: number;
  resolvedToDefiner: number;
  resolvedToSource: number;
  resolvedElsewhere: number;
  unresolved: number;
}
const tally = (): Tally => ({
  classes: 0,
  core: 0,
  resolvedToDefiner: 0,
  resolvedToSource: 0,
  resolvedElsewhere: 0,
  unresolved: 0,
});

async function run(workflows: { source: string; classes: string[] }[], into: Tally, packCounts?: number[]) {
  const times: number[] = [];
  for (const { source, classes } of workflows) {
    const started = performance.now();
    const plan = await resolveWorkflow(readWorkflowClasses(apiWorkflow([...classes, ...CORE_FILLER]))!, lookup);
    times.push(performance.now() - started);
    const chosen = new Map<string, string>();
    for (const pack of plan.packs) for (const name of pack.classes) chosen.set(name, pack.id.toLowerCase());
    for (const name of classes) {
      into.classes++;
      if (plan.core.includes(name)) into.core++;
      else if (!chosen.has(name)) into.unresolved++;
      else if (definers.get(name)?.has(chosen.get(name)!)) {
        into.resolvedToDefiner++;
        if (chosen.get(name) === source) into.resolvedToSource++;
      } else into.resolvedElsewhere++;
    }
    packCounts?.push(plan.packs.length);
  }
  return percentiles(times);
}

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(2)} %`);

function report(
  label: string,
  t: Tally,
  latency: ReturnType<typeof percentiles>,
  workflows: number,
  withPrecision = true,
) {
  const needPack = t.classes - t.core;
  const resolved = t.resolvedToDefiner + t.resolvedElsewhere;
  console.log(`\n${label}: ${workflows} workflows, ${t.classes} sampled classes (${t.core} are ComfyUI core names)`);
  console.log(
    `  recall     ${pct(t.resolvedToDefiner, needPack)}  (resolved to a pack that defines the class; unresolved ${t.unresolved}, wrong pack ${t.resolvedElsewhere})`,
  );
  if (withPrecision)
    console.log(
      `  precision  ${pct(t.resolvedToSource, resolved)}  (resolved to the pack the workflow was built from)`,
    );
  console.log(
    `  latency    p50 ${ms(latency.p50)}  p95 ${ms(latency.p95)}  p99 ${ms(latency.p99)}  (parse + one lookup + plan, PGlite)`,
  );
}

// 1. One workflow per pack, from its own classes.
const packWorkflows = corpus.nodes
  .map((pack) => ({
    source: pack.id.toLowerCase(),
    classes: sample(
      pack.comfy_nodes.filter((name) => name.length <= 256),
      CLASSES_PER_WORKFLOW,
    ),
  }))
  .filter((workflow) => workflow.classes.some((name) => !isCoreClass(name)));
const perPack = tally();
const packCounts: number[] = [];
const packLatency = await run(packWorkflows, perPack, packCounts);
report('Single-pack workflows', perPack, packLatency, packWorkflows.length);
const onePack = packCounts.filter((count) => count === 1).length;
console.log(
  `  plan size  ${pct(onePack, packCounts.length)} of them resolve to exactly one pack; mean ${(
    packCounts.reduce((a, b) => a + b, 0) / packCounts.length
  ).toFixed(3)} packs`,
);

// 2. Each ambiguous class alone: which of its definers does the ranking pick, without context?
const ambiguous = [...definers.entries()].filter(([name, set]) => set.size > 1 && !isCoreClass(name));
const ambiguousWorkflows = ambiguous.map(([name, set]) => ({ source: [...set][0]!, classes: [name] }));
const alone = tally();
const aloneLatency = await run(ambiguousWorkflows, alone);
// Every definer is a right answer here, so there is no precision to speak of: only recall and latency.
report('Ambiguous classes alone (defined by 2+ packs)', alone, aloneLatency, ambiguousWorkflows.length, false);

await database.close();
