// The long-tail data (`bench:long-tail` prepares it; `bench:cold-pair` reuses it): where it lives, the
// instance environment that serves it, and the node-page paths both benchmarks ask for.
import { join } from 'node:path';
import { databaseFor } from './bench-databases.ts';

/** The data directory of a driver's long-tail catalogue (PGlite's database and every driver's archives). */
export const longTailDataDir = (root: string, driver: string) => join(root, '.bench-data', `long-tail-${driver}`);

/** The PostgreSQL database of the long-tail catalogue, beside the one `serverUrl` names. */
export const longTailDatabaseUrl = (serverUrl: string) => databaseFor(serverUrl, 'nodeyard_long_tail');

/** An instance serving the long-tail data from `dataDir` (`databaseUrl` '' for its embedded PGlite). */
export function longTailInstanceEnv(dataDir: string, databaseUrl: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    // Empty = unset (env.ts): the PGlite run must not inherit the parent's DATABASE_URL.
    DATABASE_URL: databaseUrl,
    STORAGE_SIGNING_SECRET: 'long-tail-bench-signing-secret-0123456789',
    RATE_LIMIT_ENABLED: 'false',
    NODEYARD_INSTANCE_SITE: 'true',
    SEED_DEMO_DATA: 'false',
    // As the Docker image runs (React's production build renders the pages); no auth emulator with it.
    NODE_ENV: 'production',
    FIREBASE_AUTH_EMULATOR_HOST: '',
  };
}

const LANGS = ['en', 'ar', 'es', 'fr', 'ja', 'ko', 'ru', 'zh'];

/** The language of the i-th page asked: languages rotate, so a pass covers all eight. */
export const longTailLanguage = (i: number) => LANGS[i % LANGS.length]!;

/** The node page of `id`, the i-th asked. */
export const longTailPagePath = (id: string, i: number) => `/${longTailLanguage(i)}/nodes/${encodeURIComponent(id)}`;
