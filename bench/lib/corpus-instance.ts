// A server process over the real corpus (/work/shared/data/comfy-node-corpus.json or BENCH_CORPUS), on
// PGlite (a data dir under .bench-data/) or PostgreSQL (a database of its own beside DATABASE_URL's),
// imported once and kept between runs; the site is served when a build exists. The Firebase Auth
// emulator of the machine signs users in (benches that edit sign up through it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildDirectory } from '../../src/server/build-directory.ts';
import { EMULATOR_PROJECT } from '#test/firebase-emulator.ts';
import { startInstance, type InstanceProcess } from './instance-process.ts';

export const CORPUS = process.env['BENCH_CORPUS'] ?? '/work/shared/data/comfy-node-corpus.json';
export const databaseUrl = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
export const withSite = existsSync(join(buildDirectory(), 'server', 'entry.mjs'));
const root = resolve(new URL('../..', import.meta.url).pathname);

export type Driver = 'pglite' | 'postgres';

/** The drivers asked for (BENCH_DRIVERS, default both) that can run here. */
export function benchDrivers(): Driver[] {
  return (process.env['BENCH_DRIVERS'] ?? 'pglite,postgres')
    .split(',')
    .filter((driver): driver is Driver => driver === 'pglite' || (driver === 'postgres' && !!databaseUrl));
}

function runImport(env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'scripts/import-corpus.ts'), CORPUS], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'ignore'],
    });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`import exited with ${code}`))));
  });
}

async function ownDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Starts an instance of `name`'s data on `driver`, importing the corpus the first time. */
export async function startCorpusInstance(
  name: string,
  driver: Driver,
  extraEnv: Record<string, string> = {},
): Promise<InstanceProcess> {
  const dataDir = join(root, '.bench-data', `${name}-${driver}`);
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    STORAGE_SIGNING_SECRET: `${name}-bench-signing-secret-0123456789`,
    RATE_LIMIT_ENABLED: 'false',
    NODEYARD_INSTANCE_SITE: String(withSite),
    LOG_LEVEL: 'warn',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
    // Empty = unset (env.ts): the PGlite run must not inherit the parent's DATABASE_URL.
    DATABASE_URL: driver === 'postgres' ? await ownDatabase(databaseUrl!, `nodeyard_bench_${name}`) : '',
    SEED_DEMO_DATA: existsSync(CORPUS) ? 'false' : 'true',
  };
  const marker = join(dataDir, 'corpus-imported');
  if (existsSync(CORPUS) && !existsSync(marker)) {
    console.log(`Importing the corpus into ${driver} (once; kept in ${dataDir})…`);
    await runImport(env);
    writeFileSync(marker, new Date().toISOString());
  }
  return startInstance({ ...env, ...extraEnv }, 300_000);
}
