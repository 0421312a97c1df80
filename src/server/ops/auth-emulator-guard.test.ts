import { describe, expect, it } from 'vitest';
import { authEmulatorRefusal, isLoopbackHost } from './auth-emulator-guard.ts';

describe('auth emulator guard', () => {
  it('allows the emulator on a loopback address outside production', () => {
    for (const HOST of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', undefined]) {
      expect(authEmulatorRefusal({ HOST, NODE_ENV: 'development' }), String(HOST)).toBeNull();
    }
    expect(authEmulatorRefusal({ HOST: '127.0.0.1' })).toBeNull();
  });

  it('refuses it when other machines can reach the server, and says how to configure Firebase', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'registry.example.com']) {
      expect(isLoopbackHost(HOST)).toBe(false);
      const refusal = authEmulatorRefusal({ HOST });
      expect(refusal).toContain(`listens on ${HOST}`);
      expect(refusal).toContain('FIREBASE_PROJECT_ID');
    }
  });

  it('refuses it in production, even on loopback', () => {
    const refusal = authEmulatorRefusal({ HOST: '127.0.0.1', NODE_ENV: 'production' });
    expect(refusal).toMatch(/NODE_ENV=production/);
    expect(refusal).toContain('FIREBASE_AUTH_DOMAIN');
  });
});
