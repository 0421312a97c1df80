// Production entry (Docker, systemd): serves an already built site and the API. Unlike
// `npm start` it never builds and never starts the Firebase Auth emulator; configure a real
// Firebase project (FIREBASE_PROJECT_ID) and DATABASE_URL / STORAGE_DRIVER as in docs/operations.md.
// Registers the module-resolution hooks before the server's modules are loaded (below, with import()).
import './module-resolution.ts';
import type { RunningServer } from './main.ts';

let server: RunningServer | null = null;
let stopping = false;

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 'info', msg: `${signal}: draining`, service: 'nodeyard' }));
  await server?.close();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

try {
  const { startServer } = await import('./main.ts');
  server = await startServer();
  console.log(JSON.stringify({ level: 'info', msg: 'listening', site: server.siteUrl, api: server.apiUrl }));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
