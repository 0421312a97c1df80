import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { firebaseIdentity } from './auth/identity.ts';
import { composeServices } from './compose-services.ts';
import { systemClock } from './clock.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { Env } from './env.ts';
import { popularQuerySettingsFromEnv } from './services/search-index/popular-query-env.ts';
import { SearchSync } from './services/search-index/search-sync.ts';
import { wakeOnFeedNotifications } from './services/change-feed/feed-wakeup.ts';
import { ChangeFollower } from './services/change-feed/follower.ts';
import { defaultJobHandlers } from './job-handlers.ts';
import { JobWorker } from './jobs/worker.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { defaultPeriodicTasks } from './periodic-tasks.ts';
import { endIdleAnalysisThreads } from './analysis/thread/analyze-in-thread.ts';
import { backgroundErrorReporter, errorFields } from './ops/background-errors.ts';
import { createLogger, type Logger } from './ops/logger.ts';
import type { AppConfig, AppDeps } from './app-deps.ts';
import { storageRoot } from './storage/fs.ts';
import { s3StorageFromEnv } from './storage/s3-env.ts';
import { vendorProxyConfigFromEnv } from './services/vendor-proxy/vendor-env.ts';
import { keyringFromEnv } from './index-protocol/keyring-from-env.ts';
import { DEFAULT_TRUSTED_PUBLISHING } from './services/trusted-publishing/issuers.ts';

/** The signing secret for the embedded store: from env, else generated once and kept in DATA_DIR. */
function signingSecret(env: Env, dataDir: string): string {
  if (env.STORAGE_SIGNING_SECRET) return env.STORAGE_SIGNING_SECRET;
  const file = join(dataDir, 'signing-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface Runtime {
  services: AppDeps;
  database: Database;
  embedded: boolean;
  /**
   * Keeps services.search in step with the database. Created idle: the server starts it (CLIs that only
   * write never pay for the full load); close() stops it.
   */
  searchSync: SearchSync;
  /**
   * Follows the change feed for this process (services/change-feed/follower.ts): search is its first
   * consumer, the response cache subscribes too. Created idle: `followChanges()` starts it (and, on
   * PostgreSQL, the LISTEN that wakes it when another instance commits); close() stops it.
   */
  changes: ChangeFollower;
  followChanges(): Promise<void>;
  /** Background jobs (scans, extraction, S3 upload acceptance). Created idle: the server starts it; close() stops it. */
  jobs: JobWorker;
  /**
   * The periodic tasks of periodic-tasks.ts (change-feed pruning, the upload janitor, search upkeep).
   * Created idle: the server starts it once search is loaded; close() stops it.
   */
  scheduler: Scheduler;
  /** The redacting JSON logger (LOG_LEVEL) that background work reports through. */
  logger: Logger;
  close(): Promise<void>;
}

/** Builds the real services from the environment: embedded defaults unless configured otherwise. */
export async function createRuntime(env: Env): Promise<Runtime> {
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const embedded = !env.DATABASE_URL;
  const database = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
  // PGlite has no autovacuum daemon: refresh planner statistics once per start (milliseconds).
  if (database.driver === 'pglite') await database.db.execute(sql`ANALYZE`);

  const config: AppConfig = {
    apiPublicUrl: (env.API_PUBLIC_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/+$/, ''),
    adminEmails: env.ADMIN_EMAILS,
    maxArchiveBytes: env.MAX_ARCHIVE_BYTES,
    analysisLimits: { maxHeapMb: env.ANALYSIS_MAX_HEAP_MB, timeoutMs: env.ANALYSIS_TIMEOUT_SECONDS * 1000 },
    signingSecret: signingSecret(env, dataDir),
    ...(env.IMAGE_URL_SECRET ? { imageUrlSecret: env.IMAGE_URL_SECRET } : {}),
    githubApiUrl: env.GITHUB_API_URL,
    ...(env.GITHUB_API_TOKEN ? { githubApiToken: env.GITHUB_API_TOKEN } : {}),
    ...(env.RELEASE_WEBHOOK_SECRET ? { releaseWebhookSecret: env.RELEASE_WEBHOOK_SECRET } : {}),
    partnerNodeConversionRate: env.PARTNER_NODE_CONVERSION_RATE,
    vendorProxy: vendorProxyConfigFromEnv(env),
    ...(env.MIRROR_UPSTREAM ? { readOnlyMirror: true } : {}),
    ...(env.DEFAULT_MIN_RELEASE_AGE > 0 ? { defaultMinReleaseAgeMs: env.DEFAULT_MIN_RELEASE_AGE } : {}),
    ...(env.HOLD_ON_GAINED_CAPABILITIES.length > 0
      ? { holdOnGainedCapabilities: env.HOLD_ON_GAINED_CAPABILITIES }
      : {}),
    trustedPublishing: {
      issuers: env.TRUSTED_PUBLISHING_ISSUERS ?? DEFAULT_TRUSTED_PUBLISHING.issuers,
      audience: env.TRUSTED_PUBLISHING_AUDIENCE,
    },
    ...(env.GITHUB_OAUTH_CLIENT_ID && env.GITHUB_OAUTH_CLIENT_SECRET
      ? {
          githubOAuth: {
            clientId: env.GITHUB_OAUTH_CLIENT_ID,
            clientSecret: env.GITHUB_OAUTH_CLIENT_SECRET,
            baseUrl: env.GITHUB_BASE_URL,
          },
        }
      : {}),
  };
  const s3 = env.STORAGE_DRIVER === 's3' ? s3StorageFromEnv(env, systemClock) : null;
  const index = keyringFromEnv(env, dataDir);
  const services = composeServices({
    indexKeys: index.keyring,
    db: database.db,
    config,
    identity: firebaseIdentity(env.FIREBASE_PROJECT_ID),
    storage: s3 ?? { root: storageRoot(dataDir) },
  });
  const logger = createLogger({ level: env.LOG_LEVEL });
  if (index.generated && env.DATABASE_URL) {
    // Instances behind one load balancer must sign with one key, or clients see a different key per instance.
    logger.warn(
      { keyId: index.keyring.signing.id },
      'generated an index signing key in DATA_DIR: set INDEX_SIGNING_KEY on every instance of this registry',
    );
  }
  const searchSync = new SearchSync(services.db, services.search, {
    // The installation's secret keys client digests, so every instance names a client alike.
    popularQueries: { ...popularQuerySettingsFromEnv(env), clientSecret: config.signingSecret },
  });
  const changes = new ChangeFollower(services.db, {
    // With a LISTEN a NOTIFY wakes it at once; the poll only covers a lost notification.
    pollIntervalMs: env.DATABASE_URL ? 1_000 : 500,
    onError: backgroundErrorReporter(logger, 'change-feed', 'following the change feed failed; retrying'),
  });
  changes.subscribe(searchSync);
  let stopWakeups: () => Promise<void> = async () => {};
  const jobs = new JobWorker(services, defaultJobHandlers(), { staleMs: env.JOBS_STALE_SECONDS * 1000, logger });
  const scheduler = new Scheduler(
    services.db,
    defaultPeriodicTasks(services, searchSync, {
      changeRetentionDays: env.INDEX_CHANGES_RETENTION_DAYS,
      rateLimitWindowSeconds: env.RATE_LIMIT_ENABLED ? env.RATE_LIMIT_WINDOW_SECONDS : null,
    }),
    {
      clock: services.clock,
      onError: (task, error) =>
        logger.error(
          { component: 'scheduler', task: task.name, error: errorFields(error) },
          `${task.name} failed; the next run retries`,
        ),
    },
  );
  return {
    services,
    database,
    embedded,
    searchSync,
    changes,
    async followChanges() {
      await changes.start();
      if (env.DATABASE_URL) {
        stopWakeups = await wakeOnFeedNotifications(
          env.DATABASE_URL,
          () => changes.wake(),
          backgroundErrorReporter(logger, 'change-feed', 'change feed notifications failed; reconnecting'),
        );
      }
    },
    jobs,
    scheduler,
    logger,
    async close() {
      await scheduler.stop();
      await jobs.stop();
      await stopWakeups();
      await changes.stop();
      await endIdleAnalysisThreads();
      await searchSync.stop();
      await database.close();
    },
  };
}
