import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChromium } from './chromium-path.ts';

describe('resolveChromium', () => {
  let dir: string;
  let fakeSystem: string;
  /** A "browser" that cannot start, as the packaged one on a machine without libnss3. */
  let broken: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nodeyard-chromium-'));
    fakeSystem = join(dir, 'chromium');
    await writeFile(fakeSystem, '#!/bin/sh\n');
    await chmod(fakeSystem, 0o755);
    broken = join(dir, 'broken-chromium');
    await writeFile(broken, '#!/bin/sh\necho "error while loading shared libraries: libnss3.so" >&2\nexit 127\n');
    await chmod(broken, 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes CHROMIUM_PATH over everything', async () => {
    expect(await resolveChromium({ CHROMIUM_PATH: '/opt/x/chrome' }, [fakeSystem])).toEqual({
      path: '/opt/x/chrome',
      source: 'env',
    });
  });

  it(
    'prefers the Chromium inside the npm package, which runs, even beside a system one',
    { timeout: 120_000 },
    async () => {
      const resolved = await resolveChromium({}, [fakeSystem]);
      expect(resolved.source).toBe('bundled');
      const run = spawnSync(resolved.path, ['--version'], { encoding: 'utf8', timeout: 60_000 });
      expect(run.stdout).toMatch(/Chromium \d+/);
    },
  );

  it('uses the first executable system candidate when asked to', async () => {
    const missing = join(dir, 'not-there');
    expect(await resolveChromium({ E2E_SYSTEM_CHROMIUM: '1' }, [missing, fakeSystem])).toEqual({
      path: fakeSystem,
      source: 'system',
    });
  });

  it('falls back to a system one when the packaged one cannot start or cannot be unpacked', async () => {
    expect(await resolveChromium({}, [fakeSystem], () => Promise.resolve(broken))).toEqual({
      path: fakeSystem,
      source: 'system',
    });
    expect(await resolveChromium({}, [fakeSystem], () => Promise.reject(new Error('no space left')))).toEqual({
      path: fakeSystem,
      source: 'system',
    });
  });

  it('with nothing else, still names the packaged one (its launch error then says why)', async () => {
    expect(await resolveChromium({}, [join(dir, 'not-there')], () => Promise.resolve(broken))).toEqual({
      path: broken,
      source: 'bundled',
    });
  });

  it('with nothing else and the packaged one not unpacked, fails with the reason it was not', async () => {
    await expect(
      resolveChromium({}, [join(dir, 'not-there')], () => Promise.reject(new Error('no space left'))),
    ).rejects.toThrow('no space left');
  });
});
