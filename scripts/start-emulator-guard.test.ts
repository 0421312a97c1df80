import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../src/server/main.ts';

// `npm start` and the server itself refuse the Firebase Auth emulator where its unsigned tokens
// could be used by others (src/server/ops/auth-emulator-guard.ts), before they open anything.

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm start', () => {
  it('will not start the emulator for a server that listens on every interface', () => {
    const run = spawnSync(process.execPath, ['scripts/start.ts', '--no-build'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, HOST: '0.0.0.0', FIREBASE_PROJECT_ID: 'demo-nodeyard', FIREBASE_AUTH_EMULATOR_HOST: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Not starting the Firebase Auth emulator');
    expect(run.stderr).toContain('listens on 0.0.0.0');
    expect(run.stderr).toContain('FIREBASE_PROJECT_ID');
  });
});

describe('startServer', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('refuses emulator tokens in production or on a public address', async () => {
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = '127.0.0.1:9099';
    process.env['HOST'] = '0.0.0.0';
    await expect(startServer({ site: false })).rejects.toThrow(/refused while the server listens on 0\.0\.0\.0/);
    process.env['HOST'] = '127.0.0.1';
    process.env['NODE_ENV'] = 'production';
    await expect(startServer({ site: false })).rejects.toThrow(/refused with NODE_ENV=production/);
  });
});
