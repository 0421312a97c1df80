import { describe, expect, it } from 'vitest';
import { analyticsClientConfig, readAnalyticsConfig, serializeAnalyticsConfig } from './config.ts';

describe('analytics config', () => {
  it('is on only with both a key and an http(s) host', () => {
    expect(analyticsClientConfig({})).toBeNull();
    expect(analyticsClientConfig({ POSTHOG_KEY: 'phc_x' })).toBeNull();
    expect(analyticsClientConfig({ POSTHOG_HOST: 'https://eu.i.posthog.com' })).toBeNull();
    expect(analyticsClientConfig({ POSTHOG_KEY: 'phc_x', POSTHOG_HOST: 'javascript:alert(1)' })).toBeNull();
    expect(analyticsClientConfig({ POSTHOG_KEY: 'phc_x', POSTHOG_HOST: 'https://ph.example.test/' })).toEqual({
      key: 'phc_x',
      host: 'https://ph.example.test',
    });
  });

  it('round-trips through the page element without breaking out of the script', () => {
    const json = serializeAnalyticsConfig({ key: '</script><b>', host: 'https://h.test' });
    expect(json).not.toContain('<');
    const doc = { getElementById: () => ({ textContent: json }) } as unknown as Document;
    expect(readAnalyticsConfig(doc)).toEqual({ key: '</script><b>', host: 'https://h.test' });
    const empty = { getElementById: () => ({ textContent: 'null' }) } as unknown as Document;
    expect(readAnalyticsConfig(empty)).toBeNull();
  });
});
