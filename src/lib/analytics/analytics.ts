// Analytics per the spec: a provider only in production, the console otherwise. No provider is
// wired in yet, so production uses a no-op adapter; swapping one in means one new adapter here.

export interface AnalyticsIdentity {
  uid: string;
  email: string | null;
  name: string | null;
}

export interface AnalyticsAdapter {
  identify(identity: AnalyticsIdentity): void;
  track(event: string, properties?: Record<string, unknown>): void;
  reset(): void;
}

export const consoleAdapter: AnalyticsAdapter = {
  identify: (identity) => console.info('[analytics] identify', identity),
  track: (event, properties) => console.info('[analytics] track', event, properties ?? {}),
  reset: () => console.info('[analytics] reset'),
};

export const noopAdapter: AnalyticsAdapter = { identify() {}, track() {}, reset() {} };

/** Production gets the provider (none configured: no-op); development and tests log to the console. */
export function chooseAdapter(isProduction: boolean, provider: AnalyticsAdapter | null = null): AnalyticsAdapter {
  if (!isProduction) return consoleAdapter;
  return provider ?? noopAdapter;
}

let adapter: AnalyticsAdapter = chooseAdapter(Boolean(import.meta.env?.PROD));
let lastIdentified: string | null = null;

/** Replaces the adapter (tests, or a provider set up at start). */
export function setAnalyticsAdapter(next: AnalyticsAdapter): void {
  adapter = next;
  lastIdentified = null;
}

/** Sets the analytics identity once per user (auth state fires often; the identity rarely changes). */
export function identifyUser(identity: AnalyticsIdentity): void {
  const key = `${identity.uid}|${identity.email ?? ''}|${identity.name ?? ''}`;
  if (key === lastIdentified) return;
  lastIdentified = key;
  adapter.identify(identity);
}

export function trackEvent(event: string, properties?: Record<string, unknown>): void {
  adapter.track(event, properties);
}

/** Forgets the identity (sign-out). */
export function resetAnalytics(): void {
  if (lastIdentified === null) return;
  lastIdentified = null;
  adapter.reset();
}
