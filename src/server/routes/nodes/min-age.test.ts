import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';

// A minimum release age (issue 29.2) with the injected clock: a version published at t0 is not chosen
// at t0+71h with min_age=72h and is chosen at t0+72h, by GET /nodes, /nodes/{id}, /install and the
// workflow resolver; a pack with nothing old enough answers 404 no_version_old_enough on install.

const HOUR = 3_600_000;
const t0 = new Date('2026-06-01T12:00:00Z');

describe('min_age on the read routes and the resolver', () => {
  let t: TestApp;
  const clock = fixedClock(t0);

  const install = (id: string, query: string) => t.request(`/nodes/${id}/install?${query}`);
  const installed = async (id: string, query: string) =>
    ((await (await install(id, query)).json()) as { version: string }).version;
  const latestOf = async (path: string) =>
    ((await (await t.request(path)).json()) as { latest_version?: { version: string } }).latest_version?.version;
  const listed = async (query: string) => {
    const body = (await (await t.request(`/nodes?node_id=aging&${query}`)).json()) as {
      nodes: { latest_version?: { version: string } }[];
    };
    return body.nodes[0]?.latest_version?.version;
  };
  const plan = async (query: string) =>
    (await (
      await t.request(`/workflows/resolve?${query}`, {
        method: 'POST',
        json: { '1': { class_type: 'AgingClass' }, '2': { class_type: 'FreshClass' } },
      })
    ).json()) as {
      packs: { id: string; latest_version?: string }[];
      held_back: { id: string }[];
      manual_installs: { id: string }[];
      install_command: string;
    };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.services.db;
    const aging = await seedNode(db, {
      id: 'aging',
      versions: [
        { version: '1.0.0', createdAt: new Date(t0.getTime() - 30 * 24 * HOUR) },
        { version: '1.1.0', createdAt: t0 },
        // Old enough, but yanked: never chosen, with or without an age.
        { version: '1.0.5', createdAt: new Date(t0.getTime() - 10 * 24 * HOUR), yankedAt: t0, yankedReason: 'bad' },
      ],
    });
    for (const version of aging.versions) await insertComfyNode(db, version.id, 'AgingClass');
    const fresh = await seedNode(db, { id: 'fresh-only', versions: [{ version: '0.1.0', createdAt: t0 }] });
    await insertComfyNode(db, fresh.versions[0]!.id, 'FreshClass');
  });
  afterAll(() => t.close());

  it('at t0 + 71 h, 72h holds back the version published at t0 everywhere', async () => {
    clock.advance(71 * HOUR);
    expect(await installed('aging', 'min_age=72h')).toBe('1.0.0');
    expect(await installed('aging', 'min_age=3d')).toBe('1.0.0');
    expect(await latestOf('/nodes/aging?min_age=72h')).toBe('1.0.0');
    expect(await listed('min_age=72h')).toBe('1.0.0');
    const resolved = await plan('min_age=72h');
    expect(resolved.packs.find((pack) => pack.id === 'aging')?.latest_version).toBe('1.0.0');
    // Nothing old enough: held back, neither installable nor a manual install from the repository.
    expect(resolved.held_back).toEqual([{ id: 'fresh-only', name: 'Node fresh-only' }]);
    expect(resolved.manual_installs).toEqual([]);
    expect(resolved.install_command).toBe('comfy node install aging');

    const none = await install('fresh-only', 'min_age=72h');
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: 'no_version_old_enough' });
    expect(await latestOf('/nodes/fresh-only?min_age=72h')).toBeUndefined();

    // A shorter age, no age, and an exact version are not held back.
    expect(await installed('aging', 'min_age=71h')).toBe('1.1.0');
    expect(await installed('aging', '')).toBe('1.1.0');
    expect(await installed('aging', 'min_age=72h&version=1.1.0')).toBe('1.1.0');
  });

  it('at t0 + 72 h, the same request chooses it', async () => {
    clock.advance(HOUR);
    expect(await installed('aging', 'min_age=72h')).toBe('1.1.0');
    expect(await latestOf('/nodes/aging?min_age=72h')).toBe('1.1.0');
    expect(await listed('min_age=72h')).toBe('1.1.0');
    const resolved = await plan('min_age=72h');
    expect(resolved.packs.map((pack) => [pack.id, pack.latest_version])).toEqual([
      ['aging', '1.1.0'],
      ['fresh-only', '0.1.0'],
    ]);
    expect(resolved.held_back).toEqual([]);
    expect(await installed('fresh-only', 'min_age=72h')).toBe('0.1.0');
  });

  it('applies the operator default (DEFAULT_MIN_RELEASE_AGE) when a request sends none; min_age=0 opts out', async () => {
    // runtime.ts puts DEFAULT_MIN_RELEASE_AGE here; this app's config is the object its routes read.
    t.services.config.defaultMinReleaseAgeMs = 7 * 24 * HOUR;
    try {
      expect(await installed('aging', '')).toBe('1.0.0');
      expect(await latestOf('/nodes/aging')).toBe('1.0.0');
      expect((await install('fresh-only', '')).status).toBe(404);
      expect(await installed('aging', 'min_age=0')).toBe('1.1.0');
      expect(await installed('aging', 'min_age=72h')).toBe('1.1.0');
    } finally {
      delete t.services.config.defaultMinReleaseAgeMs;
    }
  });

  it.each(['72', '3w', '-1h', '1.5d', 'soon', '400d'])('refuses min_age=%s with 400 invalid_min_age', async (bad) => {
    for (const path of ['/nodes/aging/install', '/nodes/aging', '/nodes']) {
      const response = await t.request(`${path}?min_age=${bad}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({
        error: 'invalid_min_age',
        details: [{ path: 'min_age', message: expect.stringContaining('72h') }],
      });
    }
    const resolve = await t.request(`/workflows/resolve?min_age=${bad}`, {
      method: 'POST',
      json: { '1': { class_type: 'AgingClass' } },
    });
    expect(resolve.status).toBe(400);
    expect(await resolve.json()).toMatchObject({ error: 'invalid_min_age' });
  });
});
