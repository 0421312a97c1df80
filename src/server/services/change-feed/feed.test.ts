import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { insertPublisher } from '#test/factories.ts';
import type { Database } from '../../db/client.ts';
import { archives, changeFeed, nodes, nodeVersions, publishers } from '../../db/schema/index.ts';
import { changesAfter, feedFloor, feedHead, pruneChangeFeed } from './feed.ts';

// The change feed is written by database triggers in the transaction of each change (migration
// 0013_change_feed): whatever path a write takes, readers learn of it, and counters do not churn it.

describe('the change feed', () => {
  let database: Database;
  const db = () => database.db;
  const since = async (position: number) =>
    (await changesAfter(db(), position, 1000)).map((c) => [c.kind, c.nodeId ?? c.publisherId, c.version]);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('records packs, versions, their archives and classes, and publishers, whoever writes them', async () => {
    const start = await feedHead(db());
    const publisher = await insertPublisher(db(), { id: 'feed-pub' });
    const { node, versions } = await seedNode(db(), { id: 'feed-pack', publisher, versions: [{ version: '1.0.0' }] });
    await insertComfyNode(db(), versions[0]!.id, 'FeedClass');
    await db()
      .update(archives)
      .set({ sha256: 'f'.repeat(64) })
      .where(eq(archives.id, versions[0]!.archiveId!));
    await db().update(publishers).set({ name: 'Renamed' }).where(eq(publishers.id, publisher.id));
    expect(await since(start)).toEqual([
      ['publisher', 'feed-pub', null],
      ['node', node.id, null],
      ['version', node.id, '1.0.0'],
      // refreshLatestVersion pointed the pack at its new version.
      ['node', node.id, null],
      ['classes', node.id, '1.0.0'],
      ['version', node.id, '1.0.0'],
      ['publisher', 'feed-pub', null],
    ]);
    expect(await feedHead(db())).toBeGreaterThan(start);
  });

  it('ignores counters and timestamps: installs, stars and updated_at change nothing a reader keeps', async () => {
    const head = await feedHead(db());
    await db()
      .update(nodes)
      .set({ totalInstall: sql`${nodes.totalInstall} + 1`, githubStars: 42, updatedAt: new Date() })
      .where(eq(nodes.id, 'feed-pack'));
    await db().update(nodeVersions).set({ updatedAt: new Date() }).where(eq(nodeVersions.nodeId, 'feed-pack'));
    expect(await feedHead(db())).toBe(head);
  });

  it('writes nothing for a transaction that rolls back', async () => {
    const head = await feedHead(db());
    await expect(
      db().transaction(async (tx) => {
        await tx.update(nodes).set({ name: 'Never' }).where(eq(nodes.id, 'feed-pack'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await since(head)).toEqual([]);
  });

  it('prunes a prefix and remembers how far, without lowering the head', async () => {
    const head = await feedHead(db());
    expect(await pruneChangeFeed(db(), new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await db().select().from(changeFeed)).toEqual([]);
    expect(await feedFloor(db())).toBe(head);
    expect(await feedHead(db())).toBe(head);
    await db().update(nodes).set({ name: 'After the prune' }).where(eq(nodes.id, 'feed-pack'));
    expect(await feedHead(db())).toBeGreaterThan(head);
  });

  // Several connections are needed to commit out of order: PostgreSQL only.
  it.skipIf(process.env['TEST_DB_DRIVER'] !== 'postgres')(
    'hands out positions in commit order, so a reader never skips a change that commits late',
    async () => {
      const head = await feedHead(db());
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      // The first transaction writes first but commits last.
      const first = db().transaction(async (tx) => {
        await tx.update(nodes).set({ name: 'first' }).where(eq(nodes.id, 'feed-pack'));
        firstWrote();
        await firstMayCommit;
      });
      await firstHasWritten;
      const [publisher] = await db().select().from(publishers).where(eq(publishers.id, 'feed-pub'));
      await seedNode(db(), { id: 'feed-second', publisher: publisher! });
      // The second one is visible already; the first one is not.
      expect((await since(head)).map(([, id]) => id)).toEqual(['feed-second']);
      releaseFirst();
      await first;
      const rows = await db().select().from(changeFeed).orderBy(asc(changeFeed.position));
      expect(rows.filter((r) => r.position > head).map((r) => r.nodeId)).toEqual(['feed-second', 'feed-pack']);
    },
  );
});
