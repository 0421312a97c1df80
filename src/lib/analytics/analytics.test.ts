import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseAdapter,
  consoleAdapter,
  identifyUser,
  noopAdapter,
  resetAnalytics,
  setAnalyticsAdapter,
  setProfileFields,
  trackEvent,
  type AnalyticsAdapter,
  type AnalyticsIdentity,
} from './analytics.ts';

function recorder() {
  const calls: unknown[][] = [];
  const identified: AnalyticsIdentity[] = [];
  let resets = 0;
  const adapter: AnalyticsAdapter = {
    identify: (i) => identified.push(i),
    track: (event, properties) => calls.push(['track', event, properties]),
    setProfile: (fields) => calls.push(['profile', fields]),
    reset: () => void resets++,
  };
  return { adapter, identified, calls, resets: () => resets };
}

afterEach(() => setAnalyticsAdapter(noopAdapter));

describe('analytics', () => {
  const config = { key: 'phc_test', host: 'https://ph.example.test' };

  it('uses the provider whenever it is configured, else the console outside production and nothing in it', () => {
    const provider = recorder().adapter;
    expect(chooseAdapter(false, config, () => provider)).toBe(provider);
    expect(chooseAdapter(true, config, () => provider)).toBe(provider);
    expect(chooseAdapter(false, null, () => provider)).toBe(consoleAdapter);
    expect(chooseAdapter(true, null, () => provider)).toBe(noopAdapter);
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

  it('sets profile fields only for an identified user and resets only what was identified', () => {
    const r = recorder();
    setAnalyticsAdapter(r.adapter);
    setProfileFields({ plan: 'free' });
    resetAnalytics();
    expect(r.calls).toEqual([]);
    expect(r.resets()).toBe(0);
    identifyUser({ uid: 'u2', email: null, name: null });
    setProfileFields({ plan: 'free' });
    trackEvent('Sign In', { provider: 'password' });
    expect(r.calls).toEqual([
      ['profile', { plan: 'free' }],
      ['track', 'Sign In', { provider: 'password' }],
    ]);
  });
});
