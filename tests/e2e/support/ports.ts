// Every port of a browser-test run, derived from one E2E_PORT so parallel runs never collide.
// playwright.config.ts points the server at these; specs start the fakes on them.

/** The site (default 4399; `E2E_PORT=47xx` for a run beside someone else's). */
export const SITE_PORT = Number(process.env['E2E_PORT'] ?? 4399);
/** The stand-alone API listener. */
export const API_PORT = SITE_PORT + 4000;
/** The account spec's fake vendor (tests/support/fake-vendor.ts). */
export const FAKE_VENDOR_PORT = SITE_PORT + 42_000;
/** The dashboard spec's fake GitHub (tests/support/fake-github.ts). */
export const FAKE_GITHUB_PORT = SITE_PORT + 43_000;
/** The analytics spec's fake PostHog ingestion (tests/support/fake-posthog.ts). */
export const FAKE_POSTHOG_PORT = SITE_PORT + 44_000;
/** The images spec's publisher image host (a local http server the spec starts). */
export const FAKE_IMAGE_HOST_PORT = SITE_PORT + 45_000;
/** The provenance spec's CI identity-token issuer (tests/support/oidc-issuer.ts), trusted by the server. */
export const FAKE_OIDC_ISSUER_PORT = SITE_PORT + 46_000;
