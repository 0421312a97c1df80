import { configDefaults, defineConfig } from 'vitest/config';

// How the suite is organised and why: docs/testing.md.

/** Every server-side test file: the API, its services, the pages' loaders, scripts. */
const SERVER_FILES = ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts'];

/**
 * The PostgreSQL pass (only when TEST_DATABASE_URL is set) runs the files of the directories where
 * SQL is written or where a whole server meets the database: what can differ between the drivers.
 * Everything else reaches SQL only through those layers and runs on PGlite alone; the column
 * round-trip test (src/server/db/column-round-trip.test.ts) checks every column through both drivers.
 */
const POSTGRES_FILES = [
  'src/server/db/**/*.test.ts',
  'src/server/services/**/*.test.ts',
  'src/server/jobs/**/*.test.ts',
  'src/server/data-transfer/**/*.test.ts',
  'src/server/ops/**/*.test.ts',
  'tests/api/**/*.test.ts',
];

/**
 * Files whose subject is not the database: the authorization matrices (who may call what) and the
 * mirror's server processes. When PostgreSQL is there (CI), they run once, on it, as production does;
 * without it (a fresh clone), on PGlite. Running them on both tested the same permission logic twice
 * and cost CI about a third of its Vitest time.
 */
const ONE_DRIVER_FILES = ['tests/api/*authz*.test.ts', 'tests/api/mirror.test.ts'];
/** Files about PGlite itself (they open their own): nothing in them runs on PostgreSQL. */
const PGLITE_ONLY_FILES = ['src/server/db/pglite-*.test.ts'];
/** Records each file's CPU time for `npm run test:profile` (tests/support/profile-reporter.ts). */
const FILE_CPU = 'tests/support/file-cpu.ts';
const withPostgres = Boolean(process.env['TEST_DATABASE_URL']);

const serverProject = (driver: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${driver}`,
    include: driver === 'pglite' ? SERVER_FILES : POSTGRES_FILES,
    exclude: [
      ...configDefaults.exclude,
      ...(driver === 'pglite' && withPostgres ? ONE_DRIVER_FILES : []),
      ...(driver === 'postgres' ? PGLITE_ONLY_FILES : []),
    ],
    environment: 'node',
    setupFiles: [FILE_CPU],
    // Files share their worker process: the app's modules are imported and the database opened once
    // per worker, not once per file (tests/support/test-db.ts empties it between files). Module state
    // must therefore never carry one file's data into the next (docs/testing.md § Shared process).
    isolate: process.env['VITEST_ISOLATE'] === '1',
    env: {
      TEST_DB_DRIVER: driver,
      FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
    },
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two workers on two cores: a server file waits on PGlite or the emulator part of its time.
    maxWorkers: Number(process.env['VITEST_MAX_WORKERS'] ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/lib/**/*.test.{ts,tsx}', 'src/i18n/**/*.test.{ts,tsx}', 'src/islands/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: [FILE_CPU],
        },
      },
      serverProject('pglite'),
      ...(withPostgres ? [serverProject('postgres')] : []),
    ],
  },
});
