import type { AnalyticsAdapter } from './adapter.ts';
import type { AnalyticsClientConfig } from './config.ts';

// PostHog behind the analytics adapter. The SDK (~55 KB gzip, the "slim, no external" build: it never
// loads further scripts, so the CSP needs no script host) is imported on the first call only, and
// calls made meanwhile wait in order. Nothing is captured by itself: no pageviews, no autocapture, no
// session recording, no surveys, no feature flags: only what the site's code reports.

type PostHogModule = typeof import('posthog-js/dist/module.slim.no-external');
type PostHog = PostHogModule['default'];

export type PostHogLoader = () => Promise<PostHogModule>;

const defaultLoader: PostHogLoader = () => import('posthog-js/dist/module.slim.no-external');

export function createPosthogAdapter(
  config: AnalyticsClientConfig,
  load: PostHogLoader = defaultLoader,
): AnalyticsAdapter {
  let client: Promise<PostHog | null> | null = null;
  const ready = () =>
    (client ??= load()
      .then(({ default: posthog }) => {
        posthog.init(config.key, {
          api_host: config.host,
          autocapture: false,
          capture_pageview: false,
          capture_pageleave: false,
          disable_session_recording: true,
          disable_surveys: true,
          advanced_disable_flags: true,
          disable_external_dependency_loading: true,
          // Nothing kept in the browser's storage (no localStorage, sessionStorage or cookies): a signed-in
          // user is identified again on every page, and a sign-out or forced sign-out leaves no trace.
          persistence: 'memory',
          // Plain JSON bodies: smaller code path, and readable by a self-hosted proxy or a test double.
          disable_compression: true,
          // Each call is sent at once: sign-in and sign-out are followed by a navigation or a storage wipe.
          request_batching: false,
        });
        return posthog;
      })
      .catch(() => null));
  // Calls run in the order they were made, after the SDK has loaded (or not at all when it failed).
  let chain: Promise<unknown> = Promise.resolve();
  const run = (step: (posthog: PostHog) => void) => {
    chain = chain.then(ready).then((posthog) => posthog && step(posthog));
  };
  return {
    identify: ({ uid, email, name }) => run((p) => p.identify(uid, { email, name })),
    track: (event, properties) => run((p) => p.capture(event, properties ?? {})),
    setProfile: (fields) => run((p) => p.setPersonProperties(fields)),
    reset: () => run((p) => p.reset()),
    settled: () => chain.then(() => undefined),
  };
}
