// `npm run import -- <corpus.json>`: imports a node corpus (e.g. ../shared/data/comfy-node-corpus.json)
// into the registry the server uses (DATA_DIR or DATABASE_URL) as unclaimed nodes. Safe to re-run.
import cliProgress from 'cli-progress';
import { loadCorpusFile } from '../src/server/services/import/corpus-file.ts';
import { importCorpus, type ImportSummary } from '../src/server/services/import/import-corpus.ts';
import { exitWithError, openCliRuntime } from './lib/cli-runtime.ts';

const USAGE = `Usage: npm run import -- <corpus.json>

Imports node packs from a corpus file ({"source": "...", "nodes": [{id, name, author, repository,
description, tags, github_stars, last_update, comfy_nodes}]}) as unclaimed nodes, into the database
the server uses (DATA_DIR, or DATABASE_URL). Re-running updates changed packs and creates no duplicates.
Stop a server that uses the same embedded DATA_DIR first.`;

function printSummary(summary: ImportSummary): void {
  const n = (value: number) => value.toLocaleString('en-US').padStart(8);
  console.log(
    [
      `Imported ${summary.total.toLocaleString('en-US')} packs from "${summary.source}" in ${summary.seconds.toFixed(1)} s:`,
      `  created      ${n(summary.created)}`,
      `  updated      ${n(summary.updated)}`,
      `  unchanged    ${n(summary.unchanged)}`,
      `  skipped      ${n(summary.skipped)}  (owned by a publisher: left alone)`,
      `  node classes ${n(summary.classNames)}`,
      `  confusable   ${n(summary.confusable)}  (id differs from another pack's only in case or - _ .: kept, see the audit entry)`,
      'Imported packs are unclaimed and have no installable version; owners can claim them.',
    ].join('\n'),
  );
}

const args = process.argv.slice(2);
if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
  console.error(USAGE);
  process.exit(args[0] === '--help' || args[0] === '-h' ? 0 : 2);
}

const corpus = await loadCorpusFile(args[0]!).catch(exitWithError);
const runtime = await openCliRuntime().catch(exitWithError);
const bar = new cliProgress.SingleBar(
  { stream: process.stderr, format: 'Importing |{bar}| {value}/{total} packs', hideCursor: true },
  cliProgress.Presets.shades_classic,
);
bar.start(corpus.nodes.length, 0);
try {
  const summary = await importCorpus(runtime.services.db, corpus, { onProgress: (done) => bar.update(done) });
  bar.stop();
  printSummary(summary);
} catch (error) {
  bar.stop();
  await runtime.close();
  throw error;
}
await runtime.close();
