// `npm run data -- export <dir> | import <dir>`: copies a whole registry (every table + the stored
// archives) between installations, e.g. from the embedded defaults (PGlite + files in DATA_DIR) to
// PostgreSQL + S3. Export with the source settings, import with the target settings
// (DATABASE_URL, STORAGE_DRIVER=s3, S3_*). Stop the server of an embedded DATA_DIR first.
import { exportData } from '../src/server/data-transfer/export-data.ts';
import { importData } from '../src/server/data-transfer/import-data.ts';
import { exitWithError, openCliRuntime } from './lib/cli-runtime.ts';

const USAGE = `Usage: npm run data -- export <dir>   write every table and archive of this registry to <dir>
       npm run data -- import <dir>   load an export into this (empty) registry

"This registry" is the one the server's settings point at (DATA_DIR, or DATABASE_URL and S3_*).`;

const [command, dir, ...rest] = process.argv.slice(2);
if ((command !== 'export' && command !== 'import') || !dir || rest.length) {
  console.error(USAGE);
  process.exit(command === '--help' || command === '-h' ? 0 : 2);
}

const runtime = await openCliRuntime().catch(exitWithError);
try {
  const started = performance.now();
  const summary =
    command === 'export' ? await exportData(runtime.services, dir) : await importData(runtime.services, dir);
  const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${command === 'export' ? 'Exported' : 'Imported'} ${rows} rows in ${Object.keys(summary.tables).length} tables ` +
      `and ${summary.archives} archives (${seconds} s).`,
  );
} catch (error) {
  await runtime.close();
  exitWithError(error);
}
await runtime.close();
