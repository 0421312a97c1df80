// Analytics per the spec: a provider (PostHog) in production, the console otherwise.
//
// Which adapter runs is decided on the first call, in the browser:
// - the page carries PostHog settings (the server renders them only when POSTHOG_KEY and POSTHOG_HOST
//   are set, docs/operations.md): PostHog, loaded lazily on that first call;
// - no settings in a production build: nothing; in development and tests: the console.
// Configuring the key and host is what turns the provider on (not NODE_ENV), so a browser test can
// run it against a local fake. The first call only happens when a user is known or acts (sign-in,
// sign-up), so anonymous visitors of public pages never download the SDK.
import { readAnalyticsConfig, type AnalyticsClientConfig } from './config.ts';
import type { AnalyticsAdapter, AnalyticsIdentity, ProfileFields } from './adapter.ts';
import { createPosthogAdapter } from './posthog-adapter.ts';

export type { AnalyticsAdapter, AnalyticsIdentity, ProfileFields } from './adapter.ts';

export const consoleAdapter: AnalyticsAdapter = {
  identify: (identity) => console.info('[analytics] identify', identity),
  track: (event, properties) => console.info('[analytics] track', event, properties ?? {}),
  setProfile: (fields) => console.info('[analytics] profile', fields),
  reset: () => console.info('[analytics] reset'),
};

export const noopAdapter: AnalyticsAdapter = { identify() {}, track() {}, setProfile() {}, reset() {} };

/** The provider when it is configured; otherwise the console outside production and nothing in it. */
export function chooseAdapter(
  isProduction: boolean,
  config: AnalyticsClientConfig | null,
  makeProvider: (config: AnalyticsClientConfig) => AnalyticsAdapter = createPosthogAdapter,
): AnalyticsAdapter {
  if (config) return makeProvider(config);
  return isProduction ? noopAdapter : consoleAdapter;
}

let adapter: AnalyticsAdapter | null = null;
let lastIdentified: string | null = null;

function current(): AnalyticsAdapter {
  adapter ??= chooseAdapter(Boolean(import.meta.env?.PROD), readAnalyticsConfig());
  return adapter;
}

/** Replaces the adapter (tests); null goes back to choosing from the page on the next call. */
export function setAnalyticsAdapter(next: AnalyticsAdapter | null): void {
  adapter = next;
  lastIdentified = null;
}

/**
 * Sets the analytics identity once per user (auth state fires often; the identity rarely changes).
 * True when this call identified someone (new user or changed identity).
 */
export function identifyUser(identity: AnalyticsIdentity): boolean {
  const key = `${identity.uid}|${identity.email ?? ''}|${identity.name ?? ''}`;
  if (key === lastIdentified) return false;
  lastIdentified = key;
  current().identify(identity);
  return true;
}

export function trackEvent(event: string, properties?: Record<string, unknown>): void {
  current().track(event, properties);
}

/** Sets profile fields of the identified user (nothing before anyone is identified). */
export function setProfileFields(fields: ProfileFields): void {
  if (lastIdentified === null) return;
  current().setProfile(fields);
}

/** Forgets the identity (sign-out). */
export function resetAnalytics(): void {
  if (lastIdentified === null) return;
  lastIdentified = null;
  current().reset();
}

/**
 * Waits (at most `timeoutMs`) until the calls made so far reached the provider: before a navigation
 * that would cut them off (sign-in redirects), and before sign-out empties the browser's storage.
 */
export async function analyticsSettled(timeoutMs = 2000): Promise<void> {
  const pending = adapter?.settled?.();
  if (!pending) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([pending, timeout]);
  clearTimeout(timer);
}
