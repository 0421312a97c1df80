// The real API on a throw-away database (temp PGlite dir, or DATABASE_URL) and temp archive store,
// served over HTTP on an ephemeral loopback port in this process.
import { getRequestListener } from '@hono/node-server';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppOptions } from '../../src/server/app.ts';
import { composeServices } from '../../src/server/compose-services.ts';
import { firebaseIdentity } from '../../src/server/auth/identity.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import type { AppConfig, AppDeps } from '../../src/server/app-deps.ts';

export interface BenchServer {
  baseUrl: string;
  services: AppDeps;
  database: Database;
  describeDatabase: string;
  close(): Promise<void>;
}

export async function startBenchServer(options: AppOptions = {}): Promise<BenchServer> {
  const dir = await mkdtemp(join(tmpdir(), 'nodeyard-bench-'));
  const url = process.env['DATABASE_URL'];
  const database = url
    ? await openDatabase({ driver: 'postgres', url })
    : await openDatabase({ driver: 'pglite', dataDir: join(dir, 'db') });

  // Listen first: downloadUrl needs the port in apiPublicUrl before the app exists.
  let listener: http.RequestListener = (_, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const config: AppConfig = {
    apiPublicUrl: baseUrl,
    adminEmails: [],
    maxArchiveBytes: 10 * 1024 * 1024,
    signingSecret: 'bench-signing-secret-0123456789abcdef',
  };
  const services = composeServices({
    db: database.db,
    config,
    identity: firebaseIdentity('demo-nodeyard'),
    storage: { root: join(dir, 'storage') },
  });
  listener = getRequestListener(createApp(services, options).fetch);
  return {
    baseUrl,
    services,
    database,
    describeDatabase: url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (temp dir on disk)',
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
