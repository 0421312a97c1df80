import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { nodeDownloadsDaily, nodes } from '../../db/schema/index.ts';
import { installCountsSettled } from '../../services/nodes/count-install.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

describe('GET /nodes/{nodeId}/install (installNode)', () => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-06-01T23:59:00Z'));
  const installs = async (nodeId: string) => {
    await installCountsSettled(); // counted beside the reply, not before it
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId));
    const daily = await t.services.db
      .select({ day: nodeDownloadsDaily.day, count: nodeDownloadsDaily.count })
      .from(nodeDownloadsDaily)
      .where(eq(nodeDownloadsDaily.nodeId, nodeId))
      .orderBy(nodeDownloadsDaily.day);
    return { total: row!.totalInstall, daily };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.services.db;
    await seedNode(db, {
      id: 'Pack',
      versions: [
        { version: '1.9.0', dependencies: ['numpy'], changelog: 'older' },
        { version: '1.10.0', changelog: 'newest active' },
        { version: '2.0.0', status: 'NodeVersionStatusPending' },
        { version: '2.1.0', status: 'NodeVersionStatusFlagged' },
        { version: '0.9.0', status: 'NodeVersionStatusBanned' },
        { version: '0.8.0', status: 'NodeVersionStatusDeleted' },
        { version: '0.7.0', withArchive: false },
      ],
    });
    await seedNode(db, { id: 'no-versions' });
    await seedNode(db, { id: 'no-archive', versions: [{ version: '1.0.0', withArchive: false }] });
    await seedNode(db, { id: 'banned-pack', status: 'NodeStatusBanned', versions: [{ version: '1.0.0' }] });
    await seedNode(db, { id: 'deleted-pack', status: 'NodeStatusDeleted', versions: [{ version: '1.0.0' }] });
  });
  afterAll(() => t.close());

  it('hands out the highest semver Active version with an absolute downloadUrl and counts it', async () => {
    const response = await t.request('/nodes/pack/install');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: expect.any(String),
      version: '1.10.0',
      node_id: 'Pack',
      changelog: 'newest active',
      deprecated: false,
      downloadUrl: 'http://api.test/archives/Pack/1.10.0/node.zip',
    });
    expect(await installs('Pack')).toEqual({ total: 1, daily: [{ day: '2026-06-01', count: 1 }] });
  });

  it('hands out a requested Active version (normalized) and buckets installs per UTC day', async () => {
    const response = await t.request('/nodes/PACK/install?version=v1.9');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ version: '1.9.0', dependencies: ['numpy'] });
    clock.advance(2 * 60 * 1000); // past midnight UTC
    expect((await t.request('/nodes/Pack/install?version=1.9.0')).status).toBe(200);
    expect((await t.request('/nodes/Pack/install?version=latest')).status).toBe(200);
    expect(await installs('Pack')).toEqual({
      total: 4,
      daily: [
        { day: '2026-06-01', count: 2 },
        { day: '2026-06-02', count: 2 },
      ],
    });
  });

  it('refuses versions that are not installable, without counting', async () => {
    const before = await installs('Pack');
    const pending = await t.request('/nodes/Pack/install?version=2.0.0');
    expect(pending.status).toBe(404);
    expect(await pending.json()).toMatchObject({ message: expect.stringMatching(/not installable yet/) });
    const flagged = await t.request('/nodes/Pack/install?version=2.1.0');
    expect(flagged.status).toBe(404);
    expect(await flagged.json()).toMatchObject({ message: expect.stringMatching(/under review/) });
    const banned = await t.request('/nodes/Pack/install?version=0.9.0');
    expect(banned.status).toBe(403);
    expect((await t.request('/nodes/Pack/install?version=0.8.0')).status).toBe(404);
    expect((await t.request('/nodes/Pack/install?version=5.0.0')).status).toBe(404);
    const noArchive = await t.request('/nodes/Pack/install?version=0.7.0');
    expect(noArchive.status).toBe(404);
    expect(await noArchive.json()).toMatchObject({ message: expect.stringMatching(/archive/) });
    const invalid = await t.request('/nodes/Pack/install?version=not-a-version');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: 'invalid_version' });
    expect(await installs('Pack')).toEqual(before);
  });

  it('answers 404 when the node has nothing installable, or no archive was uploaded', async () => {
    const none = await t.request('/nodes/no-versions/install');
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ message: expect.stringMatching(/no installable version/) });
    expect((await t.request('/nodes/no-archive/install')).status).toBe(404);
    expect((await installs('no-archive')).total).toBe(0);
  });

  it('answers 404 for unknown or deleted nodes and 403 for banned ones', async () => {
    expect((await t.request('/nodes/nope/install')).status).toBe(404);
    expect((await t.request('/nodes/deleted-pack/install')).status).toBe(404);
    expect((await t.request('/nodes/banned-pack/install')).status).toBe(403);
    expect((await t.request('/nodes/banned-pack/install?version=1.0.0')).status).toBe(403);
    expect((await installs('banned-pack')).total).toBe(0);
  });

  it('counts a client once per version per hour, however often it calls', async () => {
    await seedNode(t.services.db, { id: 'repeat', versions: [{ version: '1.0.0' }, { version: '1.1.0' }] });
    const app = createApp(t.services, { proxyHops: 1 });
    const install = (ip: string, query = '') =>
      app.request(`/nodes/repeat/install${query}`, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 20; i++) expect((await install('203.0.113.5')).status).toBe(200);
    expect((await installs('repeat')).total).toBe(1);
    // Another version, another client: each counts once more.
    await install('203.0.113.5', '?version=1.0.0');
    await install('203.0.113.5', '?version=1.0.0');
    await install('203.0.113.6');
    expect((await installs('repeat')).total).toBe(3);
    // The next hour, the same client counts again.
    clock.advance(60 * 60 * 1000);
    await install('203.0.113.5');
    await install('203.0.113.5');
    expect((await installs('repeat')).total).toBe(4);
  });

  it('keeps its claims when the rate limiter sweeps its own old windows', async () => {
    await seedNode(t.services.db, { id: 'swept', versions: [{ version: '1.0.0' }] });
    const limits = { windowSeconds: 60, writesPerIp: 100, writesPerCredential: 100, authenticatedPerIp: 100 };
    const app = createApp(t.services, { proxyHops: 1, rateLimits: limits });
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    await app.request('/nodes/swept/install', { headers });
    expect((await installs('swept')).total).toBe(1);
    clock.advance(5 * 60 * 1000);
    await app.request('/publishers', { method: 'POST', headers, body: '{}' }); // a write: sweeps
    await app.request('/nodes/swept/install', { headers });
    expect((await installs('swept')).total).toBe(1);
  });

  it('never loses a count under concurrent installs', async () => {
    await seedNode(t.services.db, { id: 'busy', versions: [{ version: '1.0.0' }] });
    const app = createApp(t.services, { proxyHops: 1 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.request('/nodes/busy/install', { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    const { total, daily } = await installs('busy');
    expect(total).toBe(12);
    expect(daily).toEqual([{ day: expect.any(String), count: 12 }]);
  });
});
