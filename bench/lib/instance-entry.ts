// One Nodeyard instance (API-only unless asked) in its own process, configured by the environment the parent
// passes (bench/lib/instance-process.ts). Prints one READY line once it serves.
// Registers the module-resolution hooks before the server's modules are loaded (below, with import()).
import '../../src/server/module-resolution.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

// NODEYARD_INSTANCE_PGLITE_TEMPLATE names a dump of a migrated embedded database
// (tests/support/pglite-template.ts): a new embedded database starts from it instead of running initdb
// and every migration, which cost each server the tests start seconds (tens of seconds on a busy machine).
const template = process.env['NODEYARD_INSTANCE_PGLITE_TEMPLATE'];
const embeddedDir = join(resolve(process.env['DATA_DIR'] ?? './data'), 'db');
if (template && !process.env['DATABASE_URL'] && !existsSync(embeddedDir)) {
  // The dump is a tar of the data directory: unpacked as it is, the server's own PGlite opens it. Loading
  // it through a PGlite of its own (loadDataDir, then close) started PostgreSQL twice and copied the
  // 42 MB through the WebAssembly file system: ≈ 2 s of CPU per instance.
  mkdirSync(embeddedDir, { recursive: true });
  execFileSync('tar', ['-xf', template, '-C', embeddedDir]);
}

// NODEYARD_INSTANCE_SITE=true serves the built site too (the load benchmark reads pages).
const { startServer } = await import('../../src/server/main.ts');
const server = await startServer({ site: process.env['NODEYARD_INSTANCE_SITE'] === 'true' });
process.stdout.write(`READY ${JSON.stringify({ apiUrl: server.apiUrl, siteUrl: server.siteUrl })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
