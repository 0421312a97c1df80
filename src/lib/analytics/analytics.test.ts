import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseAdapter,
  consoleAdapter,
  identifyUser,
  noopAdapter,
  resetAnalytics,
  setAnalyticsAdapter,
  type AnalyticsAdapter,
  type AnalyticsIdentity,
} from './analytics.ts';

function recorder() {
  const identified: AnalyticsIdentity[] = [];
  let resets = 0;
  const adapter: AnalyticsAdapter = { identify: (i) => identified.push(i), track() {}, reset: () => void resets++ };
  return { adapter, identified, resets: () => resets };
}

afterEach(() => setAnalyticsAdapter(noopAdapter));

describe('analytics', () => {
  it('goes to the console outside production and to the provider (or nothing) in production', () => {
    const provider = recorder().adapter;
    expect(chooseAdapter(false, provider)).toBe(consoleAdapter);
    expect(chooseAdapter(true, provider)).toBe(provider);
    expect(chooseAdapter(true, null)).toBe(noopAdapter);
  });

  it('identifies a user once per identity, again after a change or a reset', () => {
    const r = recorder();
    setAnalyticsAdapter(r.adapter);
    const ada = { uid: 'u1', email: 'ada@example.test', name: 'Ada' };
    identifyUser(ada);
    identifyUser(ada);
    identifyUser({ ...ada, name: 'Ada L.' });
    resetAnalytics();
    identifyUser(ada);
    expect(r.identified).toEqual([ada, { ...ada, name: 'Ada L.' }, ada]);
    expect(r.resets()).toBe(1);
  });
});
