import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '#test/factories.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import type { ReleaseFields } from '../../services/releases/write-release.ts';
import { createRelease } from '../../services/releases/write-release.ts';

let t: TestApp;
const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await insertUser(t.services.db, { isAdmin: true });
  const note = (fields: Partial<ReleaseFields>) =>
    createRelease(t.services.db, admin, {
      project: 'comfyui',
      version: '0.3.40',
      locale: 'en',
      attention: 'low',
      content: 'notes',
      formFactors: [],
      publishedAt: new Date('2026-05-01T00:00:00Z'),
      ...fields,
    });
  // Inserted out of order: the answer must be by semver, not insertion or string order.
  await note({ version: '0.3.9', content: 'nine' });
  await note({ version: '0.3.40', content: 'forty', attention: 'high' });
  await note({ version: '0.3.40', locale: 'fr', content: 'quarante' });
  await note({ version: '0.3.10', content: 'ten' });
  await note({ version: '0.4.0', content: 'scheduled', publishedAt: new Date('2026-07-01T00:00:00Z') });
  await note({ version: '0.3.41', content: 'desktop only', formFactors: ['desktop-win', 'desktop-mac'] });
  await note({ project: 'desktop', version: '1.0.0', content: 'desktop app' });
});
afterAll(() => t.close());

const get = async (query: string) => {
  const response = await t.request(`/releases?${query}`);
  return {
    status: response.status,
    body: (await response.json()) as { version: string; content: string; error?: string }[] & { error?: string },
  };
};

describe('GET /releases', () => {
  it('lists a project’s published notes, newest semver first, with the contract’s fields', async () => {
    const { status, body } = await get('project=comfyui');
    expect(status).toBe(200);
    expect(body.map((n) => n.version)).toEqual(['0.3.41', '0.3.40', '0.3.10', '0.3.9']);
    expect(body[1]).toEqual({
      id: expect.any(Number),
      project: 'comfyui',
      version: '0.3.40',
      attention: 'high',
      content: 'forty',
      published_at: '2026-05-01T00:00:00.000Z',
      locale: 'en',
    });
    expect(body[0]).toMatchObject({ form_factors: ['desktop-win', 'desktop-mac'] });
  });

  it('with current_version, answers only newer versions (semver-aware, v-prefix allowed)', async () => {
    expect((await get('project=comfyui&current_version=0.3.10')).body.map((n) => n.version)).toEqual([
      '0.3.41',
      '0.3.40',
    ]);
    expect((await get('project=comfyui&current_version=v0.3.41')).body).toEqual([]);
  });

  it('prefers the asked locale, falls back to English, and treats unknown locales as English', async () => {
    const french = (await get('project=comfyui&locale=fr')).body;
    expect(french.map((n) => n.content)).toEqual(['desktop only', 'quarante', 'ten', 'nine']);
    expect((await get('project=comfyui&locale=fr-CA')).body[1]!.content).toBe('quarante');
    expect((await get('project=comfyui&locale=de')).body[1]!.content).toBe('forty');
  });

  it('leaves out notes aimed at other form factors', async () => {
    expect((await get('project=comfyui&form_factor=git-linux')).body.map((n) => n.version)).toEqual([
      '0.3.40',
      '0.3.10',
      '0.3.9',
    ]);
    expect((await get('project=comfyui&form_factor=desktop-win')).body[0]!.version).toBe('0.3.41');
  });

  it('shows a scheduled note once its time has come', async () => {
    clock.advance(31 * 24 * 3600 * 1000);
    try {
      expect((await get('project=comfyui')).body[0]!.content).toBe('scheduled');
    } finally {
      clock.advance(-31 * 24 * 3600 * 1000);
    }
  });

  it('answers 400 for a missing or unknown project and for an unreadable current_version', async () => {
    for (const query of ['', 'project=blender', 'project=comfyui&current_version=latest']) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.error).toBe('validation_error');
    }
  });
});
