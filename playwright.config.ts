import { defineConfig, devices } from '@playwright/test';
import {
  API_PORT,
  FAKE_GITHUB_PORT,
  FAKE_OIDC_ISSUER_PORT,
  FAKE_POSTHOG_PORT,
  FAKE_VENDOR_PORT,
  SITE_PORT,
} from './tests/e2e/support/ports.ts';
import { resolveChromium } from './scripts/lib/chromium-path.ts';
import { pgliteTemplateFile } from './tests/support/pglite-template.ts';
import { SHARED_EMULATOR_NODE_ARGS } from './tests/support/shared-emulator.ts';

// Browser tests drive the headless shell inside the @sparticuz/chromium npm package (the cheapest
// measured here), else Debian's Chromium where that one cannot start; never a downloaded browser: these
// machines reach only the package registries. CHROMIUM_PATH names another; E2E_SYSTEM_CHROMIUM=1 asks
// for Debian's first. See scripts/lib/chromium-path.ts.
const { path: executablePath } = await resolveChromium();
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const port = SITE_PORT;
// The site server's embedded database starts from the migrated template the server suites use (made
// once per set of migrations; npm test makes it before its test phases): ≈ 7 CPU-s less than initdb and
// every migration at each run's start. bench/lib/instance-entry.ts unpacks it the same way.
const template = await pgliteTemplateFile();
const quoted = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
// A run on its own port (parallel local runs) also gets its own build and data directories.
const isolated = process.env['E2E_PORT'] !== undefined;
const dataDir = isolated ? `.e2e-data/${port}` : '.e2e-data';
const buildEnv: Record<string, string> = isolated ? { NODEYARD_BUILD_DIR: `.builds/${port}` } : {};
// The specs sign accounts up in the Firebase Auth emulator the server suites use (project
// demo-nodeyard on 9099), so the server must use that one too, not the one `npm start` would run
// for its data directory (a project and ports of its own).
const emulatorHost = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
/** The provenance spec's CI identity-token issuer (its `iss`, and where its keys are). */
const FAKE_OIDC_ISSUER = `http://127.0.0.1:${FAKE_OIDC_ISSUER_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry in CI only: a test that passes on its retry is listed as "flaky" in the output (so it
  // still gets fixed), but a timing hiccup on a loaded 2-core CI machine does not block a landing.
  retries: process.env['CI'] ? 1 : 0,
  // Then the slowest spec files and tests (tests/e2e/support/slowest-reporter.ts).
  reporter: [[process.env['CI'] ? 'line' : 'list'], ['./tests/e2e/support/slowest-reporter.ts']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs every test its DOM snapshots and screencast (a fifth of the run's CPU),
    // so it is recorded only for a retry: CI retries a failure once and keeps that trace. Locally,
    // `npx playwright test --trace on <spec>` records one for the test at hand.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // Screenshots for people (tests/e2e/shots/*.shots.ts) are not tests: `npm run shots` takes them.
      testMatch: '**/*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      },
    },
    ...(process.env['SHOTS'] === '1'
      ? [
          {
            name: 'shots',
            testMatch: '**/*.shots.ts',
            use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } },
          },
        ]
      : []),
  ],
  webServer: [
    {
      // Reused when it already runs (a developer's, or the server suites'); else started for the run.
      // The same command as the tests' shared emulator (tests/support/shared-emulator.ts), quoted for the shell.
      command: ['node', ...SHARED_EMULATOR_NODE_ARGS].map(quoted).join(' '),
      url: `http://${emulatorHost}/`,
      reuseExistingServer: true,
      timeout: 120_000,
    },
    {
      // A throw-away data dir per run, so browser tests never see (or touch) a developer's registry.
      command: `rm -rf ${dataDir} && mkdir -p ${dataDir}/db && tar -xf ${quoted(template)} -C ${dataDir}/db && node --max-semi-space-size=32 --external-memory-accounted-in-global-limit scripts/start.ts`,
      url: `http://127.0.0.1:${port}/en/`,
      env: {
        PORT: String(port),
        API_PORT: String(API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        FIREBASE_PROJECT_ID: 'demo-nodeyard',
        // Browser tests sign the first address up (verified, through the emulator) to act as an admin;
        // the verify-email spec makes the second one afresh, unverified, to see it become an admin.
        ADMIN_EMAILS: 'e2e-admin@nodeyard.test,e2e-new-admin@nodeyard.test',
        // Small enough that the admin spec's memory-hungry pack exhausts it (a normal pack needs ~16 MB).
        ANALYSIS_MAX_HEAP_MB: '64',
        // Request logs would drown the test output; warnings and errors still show.
        LOG_LEVEL: 'warn',
        // The account spec's fake vendor (tests/support/fake-vendor.ts), started by the spec itself.
        VENDOR_LUMA_BASE_URL: `http://127.0.0.1:${FAKE_VENDOR_PORT}/luma`,
        VENDOR_LUMA_API_KEY: 'e2e-fake-luma-key',
        // Claim-my-node against the dashboard spec's fake GitHub (tests/support/fake-github.ts).
        GITHUB_OAUTH_CLIENT_ID: 'e2e-github-client',
        GITHUB_OAUTH_CLIENT_SECRET: 'e2e-github-secret',
        GITHUB_BASE_URL: `http://127.0.0.1:${FAKE_GITHUB_PORT}`,
        GITHUB_API_URL: `http://127.0.0.1:${FAKE_GITHUB_PORT}`,
        // Analytics on (a key and host configured is what turns PostHog on, whatever NODE_ENV says), against
        // the analytics spec's fake ingestion endpoint (tests/support/fake-posthog.ts).
        POSTHOG_KEY: 'e2e-posthog-key',
        POSTHOG_HOST: `http://127.0.0.1:${FAKE_POSTHOG_PORT}`,
        // The image endpoint may fetch from loopback: specs serve publishers' images from local servers.
        IMAGE_ALLOW_LOOPBACK: 'true',
        // Trusted publishing from the provenance spec's local CI issuer, beside GitHub Actions.
        TRUSTED_PUBLISHING_ISSUERS: `github,${FAKE_OIDC_ISSUER} ${FAKE_OIDC_ISSUER}/.well-known/jwks`,
        ...buildEnv,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
  ],
});
