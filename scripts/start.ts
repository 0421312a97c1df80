// `npm start`: builds the site when the sources are newer than the last build, then serves it.
// `--no-build` serves whatever is in dist/ (used by tests that have just built). Without a real
// Firebase project it also runs the Firebase Auth emulator of this DATA_DIR (scripts/lib/auth-emulator.ts):
// its own project id and ports, which the server and the pages then use.
// Registers the module-resolution hooks before the server's modules are loaded (below, with import()).
import '../src/server/module-resolution.ts';
import { parseEnv } from '../src/server/env.ts';
import type { RunningServer } from '../src/server/main.ts';
import { authEmulatorRefusal } from '../src/server/ops/auth-emulator-guard.ts';
import { buildIfStale } from './lib/site-build.ts';
import { launchAuthEmulator, needsLocalAuthEmulator, type AuthEmulatorHandle } from './lib/auth-emulator.ts';

const root = new URL('..', import.meta.url).pathname;

function fail(error: unknown): never {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const env = (() => {
  try {
    return parseEnv();
  } catch (error) {
    return fail(error);
  }
})();

let server: RunningServer | null = null;
let auth: AuthEmulatorHandle | null = null;
let stopping = false;
// Installed first, so a signal during the build or the emulator's start-up also stops the emulator.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.allSettled([server?.close(), auth?.stop()]).then(() => process.exit(0));
  });
}
process.once('exit', () => auth?.stopNow());

// Never on an address other machines reach, nor in production (the server refuses it there too).
const emulatorRefusal = needsLocalAuthEmulator(env)
  ? authEmulatorRefusal({ HOST: env.HOST, NODE_ENV: process.env['NODE_ENV'] })
  : null;
if (emulatorRefusal) fail(`Not starting the Firebase Auth emulator. ${emulatorRefusal}`);
// Started before the build so the two overlap; the server needs it only once it serves.
if (needsLocalAuthEmulator(env)) {
  auth = await launchAuthEmulator({ root, baseProjectId: env.FIREBASE_PROJECT_ID, dataDir: env.DATA_DIR }).catch(fail);
}
if (!process.argv.includes('--no-build')) buildIfStale();
if (auth) {
  await auth.ready().catch(fail);
  // Read by the server (token audience) and by the pages (the browser's Firebase config) alike.
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = auth.hostPort;
  process.env['FIREBASE_PROJECT_ID'] = auth.projectId;
}

const { startServer } = await import('../src/server/main.ts');
server = await startServer().catch(fail);
const authLine = !auth
  ? ''
  : `\n  Auth  ${auth.url}/  (Firebase Auth emulator, project ${auth.projectId}${auth.owned ? `, accounts kept in ${auth.dataDir}` : ', already running: reused'})`;
console.log(
  `\nNodeyard is running:\n  Site  ${server.siteUrl}/\n  API   ${server.apiUrl}/  (also at ${server.siteUrl}/api/; OpenAPI at ${server.apiUrl}/openapi.json)${authLine}\n`,
);
