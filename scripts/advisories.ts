// `npm run advisories -- import-osv <zip|dir>`: imports the PyPI advisories of an OSV export into the
// registry the server uses (DATA_DIR or DATABASE_URL). docs/advisories.md.
import { importOsvFiles } from '../src/server/services/advisories/import-osv.ts';
import { exitWithError, openCliRuntime } from './lib/cli-runtime.ts';
import { readOsvExport } from './lib/osv-export-files.ts';

const USAGE = `Usage: npm run advisories -- import-osv <zip|dir>

  import-osv <zip|dir>   import the PyPI advisories of an OSV export (osv.dev's PyPI/all.zip, or a
                         directory of OSV .json files); a re-import updates what changed upstream

Works on the database the server uses (DATA_DIR, or DATABASE_URL). Stop a server that uses the same
embedded DATA_DIR first.`;

const [command, path, ...rest] = process.argv.slice(2);
if (command !== 'import-osv' || !path || rest.length > 0) {
  console.error(USAGE);
  process.exit(command === '--help' || command === '-h' ? 0 : 2);
}

const files = await readOsvExport(path).catch((error: unknown) =>
  exitWithError(new Error(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`)),
);
const runtime = await openCliRuntime().catch(exitWithError);
try {
  const report = await importOsvFiles(runtime.services.db, files, runtime.services.clock.now());
  console.log(
    `${files.length} files: ${report.created.length} advisories created, ${report.updated.length} updated, ` +
      `${report.unchanged} unchanged, ${report.skipped} without a PyPI package, ${report.failed.length} failed.`,
  );
  for (const id of [...report.created, ...report.updated]) console.log(`  ${id}`);
  for (const failure of report.failed) console.error(`  ${failure.name}: ${failure.reason}`);
  process.exitCode = report.failed.length > 0 ? 1 : 0;
} finally {
  await runtime.close();
}
