import { describe, expect, it } from 'vitest';
import { firebaseClientConfig } from './config.ts';
import { readFirebaseConfig, serializeFirebaseConfig } from './element.ts';

describe('firebaseClientConfig', () => {
  it('points a demo project at the local emulator by default', () => {
    expect(firebaseClientConfig({})).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-nodeyard.firebaseapp.com',
      projectId: 'demo-nodeyard',
      emulatorUrl: 'http://127.0.0.1:9099',
    });
    expect(firebaseClientConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199' }).emulatorUrl).toBe(
      'http://localhost:9199',
    );
  });

  it('uses no emulator for a real project unless one is configured', () => {
    const real = firebaseClientConfig({
      FIREBASE_PROJECT_ID: 'acme',
      FIREBASE_API_KEY: 'AIza',
      FIREBASE_AUTH_DOMAIN: 'login.acme.dev',
    });
    expect(real).toEqual({ apiKey: 'AIza', authDomain: 'login.acme.dev', projectId: 'acme', emulatorUrl: null });
    expect(
      firebaseClientConfig({ FIREBASE_PROJECT_ID: 'acme', FIREBASE_AUTH_EMULATOR_URL: 'http://box:9099/' }).emulatorUrl,
    ).toBe('http://box:9099');
  });

  it('round-trips through the page element without breaking out of the script tag', () => {
    const config = { ...firebaseClientConfig({}), authDomain: '</script><b>' };
    const text = serializeFirebaseConfig(config);
    expect(text).not.toContain('<');
    const doc = { getElementById: () => ({ textContent: text }) } as unknown as Document;
    expect(readFirebaseConfig(doc)).toEqual(config);
    expect(readFirebaseConfig({ getElementById: () => null } as unknown as Document)).toBeNull();
    expect(
      readFirebaseConfig({ getElementById: () => ({ textContent: '{"apiKey":1}' }) } as unknown as Document),
    ).toBeNull();
  });
});
