// The dependency container: the type of what compose-services.ts assembles. Called AppDeps, not Services, so it is
// not mistaken for the domain code in services/.
import type { IdentityVerifier } from './auth/identity.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/client.ts';
import type { SearchIndex } from './search/port.ts';
import type { GitHubVerifier } from './services/publishers/github-verifier.ts';
import type { ArchiveStorage } from './storage/port.ts';
import type { VendorProxyConfig } from './services/vendor-proxy/vendors.ts';
import type { ThreadLimits } from './analysis/thread/analyze-in-thread.ts';
import type { ImageUrlSigner } from './images/image-url-signer.ts';
import type { IndexKeyring } from './index-protocol/keyring.ts';
import type { JobQueue } from './jobs/job-queue.ts';

import type { CapabilityKind } from './analysis/capabilities/capability.ts';
import type { TrustedPublishingConfig } from './services/trusted-publishing/issuers.ts';
import type { JwksCache } from './services/trusted-publishing/jwks-cache.ts';

/** Settings the domain code needs (derived from Env once, so tests can build them directly). */
export interface AppConfig {
  /** Absolute base URL of the API as clients reach it, without a trailing slash. */
  apiPublicUrl: string;
  adminEmails: string[];
  maxArchiveBytes: number;
  /** Caps of the worker thread that analyses each upload (default DEFAULT_THREAD_LIMITS). */
  analysisLimits?: ThreadLimits;
  /** Secret for HMAC-signed upload/download URLs served by our own API (filesystem storage). */
  signingSecret: string;
  /** IMAGE_URL_SECRET: signs /_image URLs (absent: derived from signingSecret, images/image-url-signer.ts). */
  imageUrlSecret?: string;
  /** GitHub OAuth app for claim-my-node (absent: claiming through the site is not configured). */
  githubOAuth?: { clientId: string; clientSecret: string; baseUrl: string };
  /** GitHub REST API base for the repository check (default https://api.github.com). */
  githubApiUrl?: string;
  /** Token for GitHub REST reads that need no user (the stars refresh); unauthenticated when absent. */
  githubApiToken?: string;
  /** HMAC secret of the GitHub release webhook (POST /releases); absent: the webhook answers 503. */
  releaseWebhookSecret?: string;
  /** GET /features' partner_node_conversion_rate (default 1). */
  partnerNodeConversionRate?: number;
  /** Vendor task-status proxies (absent: every vendor answers 503). */
  vendorProxy?: VendorProxyConfig;
  /** A read-only mirror (MIRROR_UPSTREAM): every write answers 403 read_only_mirror (docs/index-protocol.md). */
  readOnlyMirror?: boolean;
  /**
   * DEFAULT_MIN_RELEASE_AGE in milliseconds: the `min_age` of requests that send none (absent or 0:
   * none). Versions younger than it are not chosen as latest (lib/min-age/min-age.ts).
   */
  defaultMinReleaseAgeMs?: number;
  /**
   * HOLD_ON_GAINED_CAPABILITIES: an update that gains one of these kinds over the node's previous
   * Active version is Flagged for review instead of Active (absent or empty: off).
   */
  holdOnGainedCapabilities?: readonly CapabilityKind[];
  /** Accepted CI identity token issuers and audience (absent: GitHub Actions, audience `nodeyard`). */
  trustedPublishing?: TrustedPublishingConfig;
  /**
   * Test-only (never read from the environment): webhook endpoints may be plain-http loopback
   * receivers, so a test can run its own. Production refuses loopback and private addresses.
   */
  webhookAllowLoopback?: boolean;
  /** How long one webhook delivery may take (default 10 s). */
  webhookTimeoutMs?: number;
}

/** Everything a route needs, handed in by the app factory: routes never open connections themselves. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  identity: IdentityVerifier;
  storage: ArchiveStorage;
  clock: Clock;
  /** Proves repository control for claim-my-node. */
  github: GitHubVerifier;
  /** Node search (GET /nodes/search, /nodes/suggest), kept in step with the database by SearchSync. */
  search: SearchIndex;
  /** Signs the /_image URLs pages and API answers carry (and checks them, for the image endpoint). */
  imageUrls: ImageUrlSigner;
  /** Signs the index (GET /index/v1/*) and lists its public keys. */
  indexKeys: IndexKeyring;
  /** The trusted-publishing issuers' signing keys, fetched and cached (services/trusted-publishing/jwks-cache.ts). */
  trustedPublishingKeys: JwksCache;
  /**
   * The job queue of this app: `enqueue` outside a transaction, and `wake()` after a transaction that
   * queued jobs (jobs/queue.ts enqueueJob) committed, so this app's worker looks at once.
   */
  jobs: JobQueue;
  /**
   * Runs the background jobs that are due now, before the caller goes on (an admin's
   * `GET /security-scan?wait=true`); composed with the job handlers in compose-services.ts, so no
   * route or service builds a worker. Returns how many jobs ran.
   */
  runDueJobs(): Promise<number>;
}
