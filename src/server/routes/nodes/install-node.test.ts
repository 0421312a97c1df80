import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDownloadsDaily, nodes } from '../../db/schema/index.ts';
import { createTestApp, fixedClock, type TestApp } from '../../../../tests/support/test-app.ts';
import { seedNode } from './read-fixtures.ts';

describe('GET /nodes/{nodeId}/install (installNode)', () => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-06-01T23:59:00Z'));
  const installs = async (nodeId: string) => {
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

  it('never loses a count under concurrent installs', async () => {
    await seedNode(t.services.db, { id: 'busy', versions: [{ version: '1.0.0' }] });
    const responses = await Promise.all(Array.from({ length: 12 }, () => t.request('/nodes/busy/install')));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    const { total, daily } = await installs('busy');
    expect(total).toBe(12);
    expect(daily).toEqual([{ day: expect.any(String), count: 12 }]);
  });
});
