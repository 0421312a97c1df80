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
});
