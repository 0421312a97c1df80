// One Nodeyard instance (API-only unless asked) in its own process, configured by the environment the parent
// passes (tests/support/instance-process.ts). Prints one READY line once it serves.
import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer } from '../../src/server/main.ts';

// NODEYARD_INSTANCE_PGLITE_TEMPLATE names a dump of a migrated embedded database
// (tests/support/pglite-template.ts): a new embedded database starts from it instead of running initdb
// and every migration, which cost each server the tests start seconds (tens of seconds on a busy machine).
const template = process.env['NODEYARD_INSTANCE_PGLITE_TEMPLATE'];
const embeddedDir = join(resolve(process.env['DATA_DIR'] ?? './data'), 'db');
if (template && !process.env['DATABASE_URL'] && !existsSync(embeddedDir)) {
  // PGlite makes only the last directory of the path.
  mkdirSync(join(embeddedDir, '..'), { recursive: true });
  const seeded = new PGlite(embeddedDir, { loadDataDir: new Blob([readFileSync(template)]) });
  await seeded.waitReady;
  await seeded.close();
}

// NODEYARD_INSTANCE_SITE=true serves the built site too (the load benchmark reads pages).
const server = await startServer({ site: process.env['NODEYARD_INSTANCE_SITE'] === 'true' });
process.stdout.write(`READY ${JSON.stringify({ apiUrl: server.apiUrl, siteUrl: server.siteUrl })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
