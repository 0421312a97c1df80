import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { composeServices } from '../../src/server/compose-services.ts';
import type { App } from '../../src/server/app-env.ts';
import { firebaseIdentity } from '../../src/server/auth/identity.ts';
import type { Clock } from '../../src/server/clock.ts';
import type { Database } from '../../src/server/db/client.ts';
import { SearchSync } from '../../src/server/services/search-index/search-sync.ts';
import { ChangeFollower } from '../../src/server/services/change-feed/follower.ts';
import { defaultJobHandlers } from '../../src/server/job-handlers.ts';
import { JobWorker } from '../../src/server/jobs/worker.ts';
import type { AppConfig, AppDeps } from '../../src/server/app-deps.ts';
import type { ArchiveStorage } from '../../src/server/storage/port.ts';
import type { IndexKeyring } from '../../src/server/index-protocol/keyring.ts';
import { EMULATOR_PROJECT } from './firebase-emulator.ts';
import { createTestDatabase } from './test-db.ts';

export const TEST_API_URL = 'http://api.test';

export interface TestApp {
  app: App;
  services: AppDeps;
  database: Database;
  /** Sends a request to the app in-process. `token` becomes `Authorization: Bearer`. */
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  /** The app's search sync, never started: tests drive it with syncSearch() instead of timers. */
  searchSync: SearchSync;
  /** The app's change-feed follower (search subscribed), never started: syncSearch() drives it. */
  changes: ChangeFollower;
  /**
   * One pass of the change feed, as a running server makes every 500 ms or on a NOTIFY (a full search
   * load the first time). `full` reloads the whole index.
   */
  syncSearch(options?: { full?: boolean }): Promise<void>;
  /** The app's job worker, never started: tests drive it with runJobs(). */
  jobs: JobWorker;
  /** Processes every due job now (as the server's worker would within a second); returns how many ran. */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

/** Pins "now" for a test; `advance` moves it forward. */
export function fixedClock(start = new Date('2026-06-01T12:00:00Z')): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

/** The real app on a real database, the real Firebase Auth emulator, and a temp-dir archive store. */
export async function createTestApp(
  overrides: { config?: Partial<AppConfig>; clock?: Clock; storage?: ArchiveStorage; indexKeys?: IndexKeyring } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const storageDir = await mkdtemp(join(tmpdir(), 'nodeyard-storage-'));
  const clock = overrides.clock ?? { now: () => new Date() };
  const config: AppConfig = {
    apiPublicUrl: TEST_API_URL,
    adminEmails: [],
    maxArchiveBytes: 5 * 1024 * 1024,
    signingSecret: 'test-signing-secret-0123456789abcdef',
    ...overrides.config,
  };
  // The real GitHub verifier too: GitHub is unreachable here, so tests that claim swap in a double.
  const services = composeServices({
    db: database.db,
    config,
    identity: firebaseIdentity(EMULATOR_PROJECT),
    storage: overrides.storage ?? { root: storageDir },
    clock,
    ...(overrides.indexKeys ? { indexKeys: overrides.indexKeys } : {}),
  });
  const app = createApp(services);
  const searchSync = new SearchSync(services.db, services.search);
  const changes = new ChangeFollower(services.db);
  changes.subscribe(searchSync);
  await changes.begin();
  const jobs = new JobWorker(services, defaultJobHandlers(), { log: () => {} });
  return {
    app,
    services,
    database,
    searchSync,
    changes,
    jobs,
    runJobs: () => jobs.runDue(),
    async syncSearch(options = {}) {
      await (options.full ? searchSync.reload() : changes.catchUp());
    },
    request(path, init = {}) {
      const { token, json, headers, ...rest } = init;
      const merged = new Headers(headers);
      if (token) merged.set('authorization', `Bearer ${token}`);
      if (json !== undefined) merged.set('content-type', 'application/json');
      const url = path.startsWith('http') ? path : `${TEST_API_URL}${path}`;
      return Promise.resolve(
        app.request(url, { ...rest, headers: merged, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }),
      );
    },
    async close() {
      await jobs.stop();
      await changes.stop();
      await searchSync.stop();
      await database.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
