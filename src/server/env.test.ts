import { describe, expect, it } from 'vitest';
import { parseEnv, trustedProxyHops } from './env.ts';

describe('parseEnv', () => {
  it('fills the embedded defaults from an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ JOBS_STALE_SECONDS: 300, ANALYSIS_TIMEOUT_SECONDS: 240, ANALYSIS_MAX_HEAP_MB: 1024 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ ANALYSIS_MAX_HEAP_MB: '' }).ANALYSIS_MAX_HEAP_MB).toBe(1024);
  });

  it('names each bad setting and says what is wrong', () => {
    const bad = () => parseEnv({ ANALYSIS_MAX_HEAP_MB: '10', LOG_LEVEL: 'loud' });
    expect(bad).toThrow(/ANALYSIS_MAX_HEAP_MB: .*>=64/);
    expect(bad).toThrow(/LOG_LEVEL: .*"silent"/);
  });

  it('trusts proxy hops: TRUST_PROXY_HOPS, else one for TRUST_PROXY=true, else none', () => {
    expect(trustedProxyHops(parseEnv({}))).toBe(0);
    expect(trustedProxyHops(parseEnv({ TRUST_PROXY: 'true' }))).toBe(1);
    expect(trustedProxyHops(parseEnv({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }))).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('reads the signed index and mirror settings, with a clear message when one is wrong', () => {
    expect(parseEnv({})).toMatchObject({ INDEX_CHANGES_RETENTION_DAYS: 30, MIRROR_POLL_SECONDS: 5 });
    expect(parseEnv({}).MIRROR_UPSTREAM).toBeUndefined();
    expect(parseEnv({ MIRROR_UPSTREAM: 'https://registry.example.com' }).MIRROR_UPSTREAM).toBe(
      'https://registry.example.com',
    );
    expect(() => parseEnv({ MIRROR_UPSTREAM: 'ftp://example.com' })).toThrow(/MIRROR_UPSTREAM/);
    expect(() => parseEnv({ INDEX_CHANGES_RETENTION_DAYS: '0' })).toThrow(/INDEX_CHANGES_RETENTION_DAYS/);
  });

  it('reads DEFAULT_MIN_RELEASE_AGE as milliseconds, off unless set, and names a bad value', () => {
    expect(parseEnv({}).DEFAULT_MIN_RELEASE_AGE).toBe(0);
    expect(parseEnv({ DEFAULT_MIN_RELEASE_AGE: '72h' }).DEFAULT_MIN_RELEASE_AGE).toBe(72 * 3_600_000);
    expect(parseEnv({ DEFAULT_MIN_RELEASE_AGE: '0' }).DEFAULT_MIN_RELEASE_AGE).toBe(0);
    expect(() => parseEnv({ DEFAULT_MIN_RELEASE_AGE: '3 days' })).toThrow(/DEFAULT_MIN_RELEASE_AGE: .*72h/);
  });

  it('reads HOLD_ON_GAINED_CAPABILITIES as a list of kinds, off unless set, and names a bad kind', () => {
    expect(parseEnv({}).HOLD_ON_GAINED_CAPABILITIES).toEqual([]);
    expect(parseEnv({ HOLD_ON_GAINED_CAPABILITIES: 'true' }).HOLD_ON_GAINED_CAPABILITIES).toEqual([
      'subprocess',
      'runtime_install',
      'dynamic_code',
      'http_routes',
    ]);
    expect(parseEnv({ HOLD_ON_GAINED_CAPABILITIES: 'network,subprocess' }).HOLD_ON_GAINED_CAPABILITIES).toEqual([
      'network',
      'subprocess',
    ]);
    expect(() => parseEnv({ HOLD_ON_GAINED_CAPABILITIES: 'shell' })).toThrow(
      /HOLD_ON_GAINED_CAPABILITIES: .*subprocess/,
    );
  });

  it('bounds request bodies at 1 MiB unless told otherwise', () => {
    expect(parseEnv({}).MAX_REQUEST_BODY_BYTES).toBe(1024 * 1024);
    expect(parseEnv({ MAX_REQUEST_BODY_BYTES: '65536' }).MAX_REQUEST_BODY_BYTES).toBe(65536);
    expect(() => parseEnv({ SITE_PUBLIC_URL: 'not a url' })).toThrow(/SITE_PUBLIC_URL/);
  });
});
