import type { IdentityVerifier } from './auth/identity.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Db } from './db/client.ts';
import { MiniSearchIndex } from './search/minisearch-index.ts';
import type { SearchIndex } from './search/port.ts';
import type { AppConfig, AppDeps } from './app-deps.ts';
import { createImageUrlSigner, imageUrlSecret } from './images/image-url-signer.ts';
import { createGitHubVerifier, type GitHubVerifier } from './services/publishers/github-verifier.ts';
import { createFsStorage } from './storage/fs.ts';
import type { ArchiveStorage } from './storage/port.ts';
import { ephemeralKeyring, type IndexKeyring } from './index-protocol/keyring.ts';
import { defaultJobHandlers } from './job-handlers.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { JobWorker } from './jobs/worker.ts';
import { JwksCache } from './services/trusted-publishing/jwks-cache.ts';

export interface ComposeOptions {
  db: Db;
  config: AppConfig;
  identity: IdentityVerifier;
  /** A ready store (S3), or a directory for the embedded filesystem store. */
  storage: ArchiveStorage | { root: string };
  clock?: Clock;
  github?: GitHubVerifier;
  /** Default: a fresh in-process MiniSearch index (empty until a SearchSync loads it). */
  search?: SearchIndex;
  /** The index signing keys (default: a throw-away key; servers pass the configured one). */
  indexKeys?: IndexKeyring;
}

/** One place that assembles AppDeps, for the server, the tests, the benchmarks and the CLIs. */
export function composeServices(options: ComposeOptions): AppDeps {
  const clock = options.clock ?? systemClock;
  const storage =
    'root' in options.storage
      ? createFsStorage({
          root: options.storage.root,
          apiPublicUrl: options.config.apiPublicUrl,
          secret: options.config.signingSecret,
          clock,
        })
      : options.storage;
  const services: AppDeps = {
    db: options.db,
    config: options.config,
    identity: options.identity,
    storage,
    clock,
    github:
      options.github ??
      createGitHubVerifier(options.config.githubApiUrl ? { apiBase: options.config.githubApiUrl } : {}),
    search: options.search ?? new MiniSearchIndex(),
    imageUrls: createImageUrlSigner(imageUrlSecret(options.config.imageUrlSecret, options.config.signingSecret)),
    indexKeys: options.indexKeys ?? ephemeralKeyring(),
    trustedPublishingKeys: new JwksCache(clock),
    jobs: new JobQueue(options.db),
    // A worker of its own for each call: the process's worker may be busy, or run in another process.
    runDueJobs: () => new JobWorker(services, defaultJobHandlers()).runDue(),
  };
  return services;
}
