import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChromium } from './chromium-path.ts';

describe('resolveChromium', () => {
  let dir: string;
  let fakeSystem: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nodeyard-chromium-'));
    fakeSystem = join(dir, 'chromium');
    await writeFile(fakeSystem, '#!/bin/sh\n');
    await chmod(fakeSystem, 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes CHROMIUM_PATH over everything', async () => {
    expect(await resolveChromium({ CHROMIUM_PATH: '/opt/x/chrome' }, [fakeSystem])).toEqual({
      path: '/opt/x/chrome',
      source: 'env',
    });
  });

  it('prefers the first executable system candidate', async () => {
    const missing = join(dir, 'not-there');
    expect(await resolveChromium({}, [missing, fakeSystem])).toEqual({ path: fakeSystem, source: 'system' });
  });

  it('falls back to the Chromium inside the npm package, which runs', { timeout: 120_000 }, async () => {
    const resolved = await resolveChromium({}, [join(dir, 'not-there')]);
    expect(resolved.source).toBe('bundled');
    const run = spawnSync(resolved.path, ['--version'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout).toMatch(/Chromium \d+/);
  });

  it('uses the bundled one when asked to, even beside a system one', async () => {
    expect((await resolveChromium({ E2E_BUNDLED_CHROMIUM: '1' }, [fakeSystem])).source).toBe('bundled');
  });
});
