import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

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

  it('keeps an analysis shorter than the time after which its job counts as dead', () => {
    expect(() => parseEnv({ JOBS_STALE_SECONDS: '60' })).toThrow(
      'ANALYSIS_TIMEOUT_SECONDS: must be below JOBS_STALE_SECONDS',
    );
    expect(parseEnv({ JOBS_STALE_SECONDS: '60', ANALYSIS_TIMEOUT_SECONDS: '50' }).ANALYSIS_TIMEOUT_SECONDS).toBe(50);
  });
});
