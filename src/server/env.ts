import { z } from 'zod';
import { MIN_AGE_HINT, parseMinAge } from '../lib/min-age/min-age.ts';
import { CAPABILITY_KINDS } from './analysis/capabilities/capability.ts';
import { parseHeldCapabilities } from './analysis/capabilities/held-capabilities.ts';
import { responseCacheEnvShape } from './cache/cache-env.ts';
import { indexEnvShape } from './index-protocol/index-env.ts';
import { popularQueryEnvShape } from './services/search-index/popular-query-env.ts';
import { trustedPublishingEnvShape } from './services/trusted-publishing/trusted-publishing-env.ts';
import { vendorProxyEnvShape } from './services/vendor-proxy/vendor-env.ts';

// Every setting the server reads, parsed once. A bad value stops the boot with a clear message
// instead of surfacing later as a confusing runtime error. Documented in .env.example.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

const EnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Absolute base URL of the stand-alone API as clients reach it (used in downloadUrl/signedUrl). */
  API_PUBLIC_URL: z.url().optional(),
  /** The site's origin as visitors reach it: canonical and OpenGraph URLs (default http://HOST:PORT). */
  SITE_PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR/db is used. */
  DATABASE_URL: z.string().min(1).optional(),
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  /** HMAC secret for the filesystem store's signed URLs; generated into DATA_DIR when unset. */
  STORAGE_SIGNING_SECRET: z.string().min(32).optional(),
  S3_ENDPOINT: z.url().optional(),
  /**
   * The store as clients (comfy-cli, browsers) reach it, for presigned upload/download URLs, when the
   * server reaches it under another name (compose: http://minio:9000 inside, http://localhost:9000 outside).
   */
  S3_CLIENT_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Public base URL for downloads from the bucket (e.g. a CDN); presigned GETs when unset. */
  S3_PUBLIC_URL: z.url().optional(),
  MAX_ARCHIVE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-nodeyard'),
  /** host:port of the Firebase Auth emulator. Only then are the emulator's unsigned tokens accepted. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** Public web settings of the Firebase project, rendered into pages for the browser's sign-in. */
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  /** The Auth emulator as browsers reach it (default: http://FIREBASE_AUTH_EMULATOR_HOST). */
  FIREBASE_AUTH_EMULATOR_URL: z.url().optional(),
  /**
   * PostHog analytics (docs/operations.md): with both set, signed-in pages load PostHog lazily and
   * report identify/track/reset to this host; without them, no provider is loaded at all.
   */
  POSTHOG_KEY: z.string().min(1).optional(),
  POSTHOG_HOST: z.url({ protocol: /^https?$/ }).optional(),
  /** /_image (docs/operations.md §2.2): caps of one fetched publisher image, and memory for results. */
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  IMAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  IMAGE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /** Tests only: the image fetcher may connect to loopback addresses. */
  IMAGE_ALLOW_LOOPBACK: bool.default(false),
  /**
   * Key of the /_image URL signatures; the same on every instance (default: derived from the storage
   * signing secret, so instances sharing STORAGE_SIGNING_SECRET or DATA_DIR agree).
   */
  IMAGE_URL_SECRET: z.string().min(32).optional(),
  /** Largest picture (width × height) the image decoder opens. */
  IMAGE_MAX_INPUT_PIXELS: z.coerce.number().int().min(1_000_000).default(40_000_000),
  /** Image decodes at once, and how many more may wait for a turn (the rest get 503 at once). */
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** New images (fetched and decoded, not cached ones) one client may cause: a burst, then per minute. */
  IMAGE_RATE_LIMIT_BURST: z.coerce.number().int().positive().default(60),
  IMAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Comma-separated e-mails that become admins when they sign in with a verified address. */
  ADMIN_EMAILS: list.default([]),
  /** Fill an empty registry with clearly fake demo packs on start (default on when embedded). */
  SEED_DEMO_DATA: bool.optional(),
  /** Vendor task-status proxies: VENDOR_<NAME>_BASE_URL / _API_KEY and limits (vendor-proxy/vendor-env.ts). */
  ...vendorProxyEnvShape,
  /** GitHub OAuth app for claim-my-node; without both, the site says claiming is not configured. */
  GITHUB_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where GitHub's OAuth pages live (GitHub Enterprise, or a test double). */
  GITHUB_BASE_URL: z.url().default('https://github.com'),
  /** GitHub's REST API, asked whether a token may push to a repository. */
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  /** Optional token for GitHub REST reads (stars refresh): 5000 requests/hour instead of 60. */
  GITHUB_API_TOKEN: z.string().min(1).optional(),
  /** Shared secret of the GitHub release webhook (POST /releases); unset: the webhook answers 503. */
  RELEASE_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** GET /features: partner_node_conversion_rate (credits per unit of partner-node cost). */
  PARTNER_NODE_CONVERSION_RATE: z.coerce.number().min(0).default(1),
  /**
   * Minimum release age of what "latest" installs, lists and the workflow resolver choose when a
   * request sends no `min_age` (docs/operations.md): `72h`, `7d`, `30m`; unset or `0`: none.
   */
  DEFAULT_MIN_RELEASE_AGE: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined && parseMinAge(value) === null)
        ctx.addIssue({ code: 'custom', message: `expected ${MIN_AGE_HINT}` });
    })
    .transform((value) => (value === undefined ? 0 : parseMinAge(value)!)),
  /**
   * Capabilities that hold an update for review when it gains them over the node's previous Active
   * version (docs/moderation.md): a comma list of kinds, `true` for subprocess, runtime_install,
   * dynamic_code and http_routes; unset, empty or `false`: off.
   */
  HOLD_ON_GAINED_CAPABILITIES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined && parseHeldCapabilities(value) === null)
        ctx.addIssue({
          code: 'custom',
          message: `expected true, false or a comma list of ${CAPABILITY_KINDS.join(', ')}`,
        });
    })
    .transform((value) => (value === undefined ? [] : parseHeldCapabilities(value)!)),
});

export type Env = z.infer<typeof EnvSchema> & z.infer<typeof OpsEnvSchema>;

/** Operations: logging, metrics, rate limits (docs/operations.md). */
const OpsEnvSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Behind a reverse proxy/load balancer that sets X-Forwarded-For: true = one proxy (TRUST_PROXY_HOPS=1). */
  TRUST_PROXY: bool.default(false),
  /** How many proxies in front append to X-Forwarded-For; the client is that many entries from the right. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  /** Largest request body of an API route without its own cap (archive uploads use MAX_ARCHIVE_BYTES). */
  MAX_REQUEST_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RATE_LIMIT_ENABLED: bool.default(true),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RATE_LIMIT_WRITES_PER_IP: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_WRITES_PER_CREDENTIAL: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_AUTHENTICATED_PER_IP: z.coerce.number().int().positive().default(1200),
  /** A running job whose worker stopped renewing its lock this long ago is retried by another worker. */
  JOBS_STALE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** Heap cap of the thread that scans an uploaded archive: a pack that needs more is flagged for review. */
  ANALYSIS_MAX_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(1024),
  /** Wall-clock cap of one archive analysis: a pack that takes longer is flagged for review. */
  ANALYSIS_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86_400).default(240),
  ...responseCacheEnvShape,
  ...popularQueryEnvShape,
  /** The signed index and mirror mode (index-protocol/index-env.ts). */
  ...indexEnvShape,
  /** Trusted publishing: accepted CI issuers and the audience (services/trusted-publishing/trusted-publishing-env.ts). */
  ...trustedPublishingEnvShape,
});

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings in env files mean "unset", not "invalid".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.extend(OpsEnvSchema.shape).safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

/** Proxy hops whose X-Forwarded-For entries are believed: TRUST_PROXY_HOPS, else 1 for TRUST_PROXY=true. */
export function trustedProxyHops(env: Pick<Env, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>): number {
  return env.TRUST_PROXY_HOPS ?? (env.TRUST_PROXY ? 1 : 0);
}
