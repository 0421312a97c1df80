import { and, count, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { comfyNodes, nodeDownloadsDaily, nodes, nodeVersions, users } from '../db/schema/index.ts';
import { isUnclaimedPublisher } from '../services/publishers/unclaimed.ts';
import { DEMO_PACKS } from './demo-catalog.ts';
import { DEMO_OWNER, DEMO_PUBLISHER, DEPRECATED_PACK, PENDING_PACK, planDemoData } from './demo-plan.ts';
import { seedDemoData, seedDemoDataIfEmpty } from './seed-demo.ts';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const result = await seedDemoDataIfEmpty(t.services);
    expect(result).toMatchObject({ seeded: true, nodes: DEMO_PACKS.length });
  });
  afterAll(() => t.close());

  it('creates clearly fake packs under the demo publisher', async () => {
    const rows = await t.services.db.select().from(nodes).where(eq(nodes.publisherId, DEMO_PUBLISHER.id));
    expect(rows).toHaveLength(24);
    for (const row of rows) {
      expect(row.id).toMatch(/^demo-[a-z-]+$/);
      expect(row.name).toMatch(/ \(demo\)$/);
      expect(row.description.length).toBeGreaterThan(20);
      expect(row.tags.length).toBeGreaterThan(0);
      expect(row.latestVersionId).not.toBeNull();
    }
    const response = await t.request(`/publishers/${DEMO_PUBLISHER.id}`);
    expect(await response.json()).toMatchObject({ id: 'nodeyard-demo', name: 'Nodeyard Demo (sample data)' });
  });

  it('gives the demo publisher an owner nobody can sign in as, so its packs are not "Unclaimed"', async () => {
    expect(await isUnclaimedPublisher(t.services.db, DEMO_PUBLISHER.id)).toBe(false);
    const [owner] = await t.services.db.select().from(users).where(eq(users.id, DEMO_OWNER.id));
    expect(owner).toMatchObject({ email: null, isAdmin: false });
  });

  it('has exactly one Pending and one deprecated version, and latest skips the Pending one', async () => {
    const { db } = t.services;
    const pending = await db.select().from(nodeVersions).where(eq(nodeVersions.status, 'NodeVersionStatusPending'));
    expect(pending.map((v) => v.nodeId)).toEqual([`demo-${PENDING_PACK}`]);
    const deprecated = await db.select().from(nodeVersions).where(eq(nodeVersions.deprecated, true));
    expect(deprecated.map((v) => v.nodeId)).toEqual([`demo-${DEPRECATED_PACK}`]);

    const node = await (await t.request(`/nodes/demo-${PENDING_PACK}`)).json();
    expect(node.latest_version.version).not.toBe(pending[0]!.version);
    expect(node.latest_version.status).toBe('NodeVersionStatusActive');
  });

  it('stores a real zip that installs: downloadUrl serves it with the recorded sha256', async () => {
    const install = await t.request('/nodes/demo-upscale-tools/install');
    expect(install.status).toBe(200);
    const version = await install.json();
    const archive = await t.request(version.downloadUrl);
    expect(archive.status).toBe(200);
    const bytes = new Uint8Array(await archive.arrayBuffer());
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(archive.headers.get('etag')).toBe(`"${sha256}"`);

    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['README.md', '__init__.py', 'pyproject.toml']);
    const init = strFromU8(files['__init__.py']!);
    expect(init).toContain('NODE_CLASS_MAPPINGS = {');
    expect(init).toContain('"DemoTiledUpscale": DemoTiledUpscale,');
    expect(strFromU8(files['pyproject.toml']!)).toContain(`version = "${version.version}"`);
  });

  it('records the node classes of the latest version and 90 days of downloads', async () => {
    const { db } = t.services;
    const [node] = await db.select().from(nodes).where(eq(nodes.id, 'demo-mask-kit'));
    const classes = await db
      .select({ name: comfyNodes.name })
      .from(comfyNodes)
      .where(eq(comfyNodes.nodeVersionId, node!.latestVersionId!));
    expect(classes.map((c) => c.name).sort()).toEqual(
      [...DEMO_PACKS.find((p) => p.slug === 'mask-kit')!.classes].sort(),
    );

    const [days] = await db
      .select({ days: count(), total: sql<number>`sum(${nodeDownloadsDaily.count})::int` })
      .from(nodeDownloadsDaily)
      .where(eq(nodeDownloadsDaily.nodeId, 'demo-mask-kit'));
    expect(days!.days).toBe(90);
    expect(days!.total).toBeGreaterThan(0);
    expect(node!.totalInstall).toBeGreaterThan(days!.total);
    const [today] = await db
      .select()
      .from(nodeDownloadsDaily)
      .where(and(eq(nodeDownloadsDaily.nodeId, 'demo-mask-kit'), eq(nodeDownloadsDaily.day, '2026-06-01')));
    expect(today).toBeDefined();
  });

  it('is idempotent: a second run writes nothing', async () => {
    const before = await t.services.db.select({ n: count() }).from(nodeVersions);
    expect(await seedDemoData(t.services)).toMatchObject({ seeded: false });
    expect(await seedDemoDataIfEmpty(t.services)).toMatchObject({ seeded: false });
    const after = await t.services.db.select({ n: count() }).from(nodeVersions);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('is deterministic for a given day', () => {
    const strip = (now: Date) => planDemoData(now).map((n) => [n.id, n.githubStars, n.versions.map((v) => v.version)]);
    expect(strip(NOW)).toEqual(strip(new Date(NOW)));
  });
});

describe('seedDemoDataIfEmpty on a registry that has nodes', () => {
  it('leaves it alone', async () => {
    const t = await createTestApp();
    try {
      const publisher = await insertPublisher(t.services.db);
      await insertNode(t.services.db, { publisherId: publisher.id });
      expect(await seedDemoDataIfEmpty(t.services)).toMatchObject({ seeded: false });
      const rows = await t.services.db.select().from(nodes);
      expect(rows).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
