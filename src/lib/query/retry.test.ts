import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/errors.ts';
import { createQueryClient, DEFAULT_GC_TIME_MS } from './query-client.ts';
import { retryDelay, shouldRetry } from './retry.ts';

describe('retry policy', () => {
  it('retries up to 3 times', () => {
    const error = new ApiRequestError(500, 'boom');
    expect([0, 1, 2, 3, 4].map((n) => shouldRetry(n, error))).toEqual([true, true, true, false, false]);
  });

  it('never retries a 404', () => {
    expect(shouldRetry(0, new ApiRequestError(404, 'missing'))).toBe(false);
    expect(shouldRetry(0, { status: 404 })).toBe(false);
  });

  it('retries network errors and other statuses', () => {
    expect(shouldRetry(0, new ApiRequestError(0, 'offline'))).toBe(true);
    expect(shouldRetry(2, new Error('anything'))).toBe(true);
  });

  it('waits 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('is the query client default, with staleTime 0 and a 5 minute gcTime', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(shouldRetry);
    expect(defaults?.retryDelay).toBe(retryDelay);
    expect(defaults?.staleTime).toBe(0);
    expect(defaults?.gcTime).toBe(DEFAULT_GC_TIME_MS);
    expect(DEFAULT_GC_TIME_MS).toBe(300_000);
  });
});
