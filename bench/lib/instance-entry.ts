// One Nodeyard instance (API-only unless asked) in its own process, configured by the environment the parent
// passes (tests/support/instance-process.ts). Prints one READY line once it serves.
import { startServer } from '../../src/server/main.ts';

// NODEYARD_INSTANCE_SITE=true serves the built site too (the load benchmark reads pages).
const server = await startServer({ site: process.env['NODEYARD_INSTANCE_SITE'] === 'true' });
process.stdout.write(`READY ${JSON.stringify({ apiUrl: server.apiUrl, siteUrl: server.siteUrl })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
