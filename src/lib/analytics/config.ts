// The public PostHog settings the browser needs (a project key identifies a project, it is no secret).
// Like the Firebase settings, the server renders them into the page at request time, so one build
// serves every deployment, and a deployment without them never loads the provider.

export interface AnalyticsClientConfig {
  /** PostHog project API key. */
  key: string;
  /** Origin of the PostHog ingestion host (self-hosted or cloud), without a trailing slash. */
  host: string;
}

export interface AnalyticsClientEnv {
  POSTHOG_KEY?: string | undefined;
  POSTHOG_HOST?: string | undefined;
}

export const ANALYTICS_CONFIG_ELEMENT_ID = 'nodeyard-analytics-config';

/** The provider's settings, or null unless both the key and an http(s) host are configured. */
export function analyticsClientConfig(env: AnalyticsClientEnv): AnalyticsClientConfig | null {
  const key = env.POSTHOG_KEY?.trim();
  const host = env.POSTHOG_HOST?.trim();
  if (!key || !host) return null;
  try {
    const url = new URL(host);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return { key, host: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
  } catch {
    return null;
  }
}

/** JSON safe to place inside <script type="application/json"> (no "</script>" break-out). */
export function serializeAnalyticsConfig(config: AnalyticsClientConfig | null): string {
  return JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** Reads the settings the server rendered into the page; null when the page has none. */
export function readAnalyticsConfig(
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): AnalyticsClientConfig | null {
  const text = doc?.getElementById(ANALYTICS_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const { key, host } = parsed as Record<string, unknown>;
    return typeof key === 'string' && typeof host === 'string' ? { key, host } : null;
  } catch {
    return null;
  }
}
