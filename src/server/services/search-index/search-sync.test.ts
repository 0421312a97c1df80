import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions, publishers } from '../../db/schema/index.ts';
import { insertComfyNode } from '#test/routes/node-read-fixtures.ts';
import { parseCorpus } from '../../services/import/corpus-schema.ts';
import { importCorpus } from '../../services/import/import-corpus.ts';
import { updatePublisher } from '../../services/publishers/update-publisher.ts';
import { refreshLatestVersion } from '../../services/versions/latest.ts';
import { MiniSearchIndex } from '../../search/minisearch-index.ts';
import type { SearchIndex, SearchQuery } from '../../search/port.ts';
import { ChangeFollower } from '../change-feed/follower.ts';
import { SearchSync } from './search-sync.ts';

const find = (index: SearchIndex, text: string, extra: Partial<SearchQuery> = {}) =>
  index.search({ text, sort: 'relevance', page: 1, limit: 10, ...extra }).hits.map((hit) => hit.id);

const rename = (db: Db, id: string, name: string) => db.update(nodes).set({ name }).where(eq(nodes.id, id));

/** Search following the change feed from now on, as a server's runtime wires it. */
async function following(
  db: Db,
  index: SearchIndex,
  options: { pollIntervalMs?: number; onError?: (e: unknown) => void } = {},
) {
  const sync = new SearchSync(db, index);
  const feed = new ChangeFollower(db, options);
  feed.subscribe(sync);
  await feed.begin();
  return { sync, feed };
}

describe('SearchSync', () => {
  let t: TestApp;
  let index: MiniSearchIndex;
  let sync: SearchSync;
  let feed: ChangeFollower;
  /** One pass of the change feed, as the server's follower makes on a poll or a NOTIFY. */
  const pass = () => feed.catchUp();
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const publisher = await insertPublisher(db, { id: 'acme', name: 'Acme Labs' });
    await insertNode(db, { id: 'alpha', publisherId: publisher.id, name: 'Alpha Sampler', totalInstall: 10 });
    await insertNode(db, { id: 'beta', publisherId: publisher.id, name: 'Beta Upscaler', totalInstall: 20 });
    index = new MiniSearchIndex();
    ({ sync, feed } = await following(db, index));
  });
  afterAll(async () => {
    await feed.stop();
    await sync.stop();
    await t.close();
  });

  it('loads everything at start', async () => {
    expect(await sync.reload()).toBe(2);
    expect(index.size()).toBe(2);
    expect(find(index, 'sampler')).toEqual(['alpha']);
  });

  it('picks up an edit on the next pass of the feed, without any timestamp bumped', async () => {
    await rename(t.services.db, 'alpha', 'Alpha Denoiser');
    await pass();
    expect(find(index, 'denoiser')).toEqual(['alpha']);
    expect(find(index, 'sampler')).toEqual([]);
  });

  it('sees two commits in a row', async () => {
    await rename(t.services.db, 'beta', 'Beta Sharpener');
    await pass();
    await rename(t.services.db, 'beta', 'Beta Colorizer');
    await pass();
    expect(find(index, 'colorizer')).toEqual(['beta']);
  });

  it('adds new nodes and removes deleted ones', async () => {
    const db = t.services.db;
    await insertNode(db, { id: 'gamma', publisherId: 'acme', name: 'Gamma Mask Tools' });
    await pass();
    expect(find(index, 'mask')).toEqual(['gamma']);
    await db.update(nodes).set({ status: 'NodeStatusDeleted' }).where(eq(nodes.id, 'gamma'));
    await pass();
    expect(find(index, 'mask', { includeBanned: true })).toEqual([]);
    expect(index.size()).toBe(2);
  });

  it('follows version activation (class names) and publisher renames', async () => {
    const db = t.services.db;
    const version = await insertVersion(db, { nodeId: 'beta', version: '1.0.0', status: 'NodeVersionStatusPending' });
    await insertComfyNode(db, version.id, 'BetaMagicNode');
    await pass();
    // (Class names only: as free text, the unknown compound would also match "Beta" by its parts.)
    expect(find(index, '', { classText: 'BetaMagicNode' })).toEqual([]);
    // What an admin activation does: the status write and refreshLatestVersion in one transaction.
    await db.transaction(async (tx) => {
      await tx.update(nodeVersions).set({ status: 'NodeVersionStatusActive' }).where(eq(nodeVersions.id, version.id));
      await refreshLatestVersion(tx, 'beta');
    });
    await pass();
    expect(find(index, '', { classText: 'BetaMagicNode' })).toEqual(['beta']);

    const [publisher] = await db.select().from(publishers).where(eq(publishers.id, 'acme'));
    await updatePublisher(db, await insertUser(db), publisher!, { name: 'Zyxwv Studio' }, new Date());
    // Every node of the publisher is re-read (the deleted gamma too, which stays out of the index).
    await pass();
    expect(find(index, 'zyxwv').sort()).toEqual(['alpha', 'beta']);
  });

  it('refreshes download counts on its own clock, and repairs what the feed missed', async () => {
    const db = t.services.db;
    const byDownloads = () => index.search({ sort: 'downloads', page: 1, limit: 10 }).hits.map((hit) => hit.id);
    await insertNode(db, { id: 'old-timer', publisherId: 'acme', totalInstall: 1 });
    await pass();
    expect(byDownloads()).toEqual(['beta', 'alpha', 'old-timer']);
    // Installs are counters: the change feed does not carry them.
    await db
      .update(nodes)
      .set({ totalInstall: sql`${nodes.totalInstall} + 100` })
      .where(eq(nodes.id, 'old-timer'));
    await pass();
    expect(byDownloads()).toEqual(['beta', 'alpha', 'old-timer']);
    // Drift the feed cannot show this sync (rows it was not following when they changed).
    const unfollowed = new MiniSearchIndex();
    const behind = new SearchSync(db, unfollowed);
    await behind.reload();
    await insertNode(db, { id: 'late', publisherId: 'acme', name: 'Late Arrival' });
    await db.delete(nodes).where(eq(nodes.id, 'beta'));
    await pass();
    expect(await sync.refreshCounts()).toBe(1);
    expect(byDownloads()).toEqual(['old-timer', 'alpha', 'late']);
    expect(await behind.refreshCounts()).toBe(2);
    expect(unfollowed.search({ sort: 'downloads', page: 1, limit: 10 }).hits.map((hit) => hit.id)).toEqual([
      'old-timer',
      'alpha',
      'late',
    ]);
    expect(find(unfollowed, 'arrival')).toEqual(['late']);
    expect(await behind.refreshCounts()).toBe(0);
    await behind.stop();
    expect(find(index, 'arrival')).toEqual(['late']);
    expect(await sync.refreshCounts()).toBe(0);
  });

  it('follows the feed on a timer once started, until stopped', async () => {
    const db = t.services.db;
    const timedIndex = new MiniSearchIndex();
    const running = await following(db, timedIndex, { pollIntervalMs: 10 });
    try {
      expect((await running.sync.start()).documents).toBe(3);
      await running.feed.start();
      await rename(db, 'late', 'Late Bloomer');
      await vi.waitFor(() => expect(find(timedIndex, 'bloomer')).toEqual(['late']), { timeout: 5000, interval: 20 });
      await running.feed.stop();
      await rename(db, 'late', 'Late Quokka');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(find(timedIndex, 'quokka')).toEqual([]);
    } finally {
      await running.feed.stop();
      await running.sync.stop();
    }
  });

  it('reports a failed tick and recovers on the next one', async () => {
    let failures = 0;
    // The database connection drops for one query, then comes back.
    const flaky = new Proxy(t.services.db, {
      get(target, property, receiver) {
        if (property === 'select' && failures > 0) {
          failures--;
          throw new Error('connection lost');
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const errors: unknown[] = [];
    const flakyIndex = new MiniSearchIndex();
    const running = await following(flaky, flakyIndex, { pollIntervalMs: 10, onError: (e) => errors.push(e) });
    try {
      await running.sync.start();
      await running.feed.start();
      failures = 1;
      await rename(t.services.db, 'late', 'Late Wombat');
      await vi.waitFor(() => expect(find(flakyIndex, 'wombat')).toEqual(['late']), { timeout: 5000, interval: 20 });
      expect(errors.map(String)).toEqual(['Error: connection lost']);
    } finally {
      await running.feed.stop();
      await running.sync.stop();
    }
  });

  it('picks up a corpus import (catalogue class names) and a re-import that changed a record', async () => {
    const db = t.services.db;
    const corpus = (description: string) =>
      parseCorpus({
        source: 'test',
        nodes: [
          { id: 'imp-one', name: 'Imported One', author: 'Someone', description, comfy_nodes: ['HeronLoader'] },
          { id: 'imp-two', name: 'Imported Two', author: 'Someone', comfy_nodes: ['EgretSaver'] },
        ],
      });
    await pass();
    await importCorpus(db, corpus('first words'), { batchSize: 1 });
    await pass();
    expect(find(index, '', { classText: 'HeronLoader' })).toEqual(['imp-one']);
    await importCorpus(db, corpus('pelican words'));
    await pass();
    expect(find(index, 'pelican')).toEqual(['imp-one']);
  });
});
