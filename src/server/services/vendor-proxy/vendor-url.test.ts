import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { vendorProxyConfigFromEnv } from './vendor-env.ts';
import { buildVendorUrl, TASK_ID_PATTERN } from './vendor-url.ts';

describe('buildVendorUrl', () => {
  it('joins encoded segments under the base path and keeps the base origin', () => {
    const url = buildVendorUrl('https://api.vendor.test/v1/', ['tasks', 'a b?c#d'], [['x', '1']]);
    expect(url.href).toBe('https://api.vendor.test/v1/tasks/a%20b%3Fc%23d?x=1');
  });

  it('encodes slashes inside a segment and refuses to climb out of the base path', () => {
    expect(buildVendorUrl('https://api.vendor.test/v1', ['a/../../b']).pathname).toBe('/v1/a%2F..%2F..%2Fb');
    expect(() => buildVendorUrl('https://api.vendor.test/v1', ['..'])).toThrow(/escaped/);
    expect(() => buildVendorUrl('https://api.vendor.test/v1', ['x', '..', '..'])).toThrow(/escaped/);
  });

  it('task ids exclude dot segments, slashes, colons and control characters', () => {
    for (const good of ['cgt-2025', 'resp_677e', '0b4c7a1e-2d7f-4a55-9d50-1c2f3a4b5c6d', '123']) {
      expect(TASK_ID_PATTERN.test(good), good).toBe(true);
    }
    for (const bad of ['..', '.', '.hidden', 'a/b', 'http://x', 'a\\b', 'a\u0000', '', 'a b']) {
      expect(TASK_ID_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe('vendor proxy settings', () => {
  it('configures a vendor once its key is set, with the public base URL by default', () => {
    const env = parseEnv({
      VENDOR_LUMA_API_KEY: 'k1',
      VENDOR_RUNWAY_API_KEY: 'k2',
      VENDOR_RUNWAY_BASE_URL: 'http://127.0.0.1:9/rw/',
    });
    const config = vendorProxyConfigFromEnv(env);
    expect(config.vendors).toEqual({
      luma: { baseUrl: 'https://api.lumalabs.ai/dream-machine/v1', apiKey: 'k1' },
      runway: { baseUrl: 'http://127.0.0.1:9/rw', apiKey: 'k2' },
    });
    expect(config.timeoutMs).toBe(30_000);
    expect(config.maxResponseBytes).toBe(10 * 1024 * 1024);
  });

  it('refuses non-http base URLs and silly limits at boot', () => {
    expect(() => parseEnv({ VENDOR_LUMA_BASE_URL: 'file:///etc/passwd' })).toThrow(/VENDOR_LUMA_BASE_URL/);
    expect(() => parseEnv({ VENDOR_PROXY_TIMEOUT_MS: '5' })).toThrow(/VENDOR_PROXY_TIMEOUT_MS/);
  });
});
