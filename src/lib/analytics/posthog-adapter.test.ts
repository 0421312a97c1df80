import { describe, expect, it } from 'vitest';
import { createPosthogAdapter, type PostHogLoader } from './posthog-adapter.ts';

// A stand-in for the SDK module records the calls; the real SDK runs in the browser test
// (tests/e2e/analytics.spec.ts) against a fake ingestion endpoint.
function fakeModule() {
  const calls: unknown[][] = [];
  const posthog = {
    init: (key: string, options: Record<string, unknown>) => calls.push(['init', key, options['api_host']]),
    identify: (uid: string, props: unknown) => calls.push(['identify', uid, props]),
    capture: (event: string, props: unknown) => calls.push(['capture', event, props]),
    setPersonProperties: (props: unknown) => calls.push(['set', props]),
    reset: () => calls.push(['reset']),
  };
  let loads = 0;
  const load = (() => {
    loads++;
    return Promise.resolve({ default: posthog });
  }) as unknown as PostHogLoader;
  return { calls, load, loads: () => loads };
}

describe('createPosthogAdapter', () => {
  it('loads the SDK on the first call only, initialises it once and keeps the call order', async () => {
    const fake = fakeModule();
    const adapter = createPosthogAdapter({ key: 'phc_k', host: 'https://ph.example.test' }, fake.load);
    expect(fake.loads()).toBe(0);
    adapter.identify({ uid: 'u1', email: 'a@example.test', name: 'Ada' });
    adapter.track('Sign In', { provider: 'google' });
    adapter.setProfile({ locale: 'fr' });
    adapter.reset();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.loads()).toBe(1);
    expect(fake.calls).toEqual([
      ['init', 'phc_k', 'https://ph.example.test'],
      ['identify', 'u1', { email: 'a@example.test', name: 'Ada' }],
      ['capture', 'Sign In', { provider: 'google' }],
      ['set', { locale: 'fr' }],
      ['reset'],
    ]);
  });

  it('drops calls quietly when the SDK cannot load (blocked by an extension, offline)', async () => {
    let loads = 0;
    const adapter = createPosthogAdapter({ key: 'k', host: 'https://h.test' }, () => {
      loads++;
      return Promise.reject(new Error('blocked'));
    });
    adapter.track('x');
    adapter.reset();
    // Every queued call settles without an error reaching the page, and the failed load is not retried
    // call after call: one attempt, then the calls are dropped.
    await expect(adapter.settled!()).resolves.toBeUndefined();
    adapter.identify({ uid: 'u2', email: null, name: null });
    await expect(adapter.settled!()).resolves.toBeUndefined();
    expect(loads).toBe(1);
  });
});
