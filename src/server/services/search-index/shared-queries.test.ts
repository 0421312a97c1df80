import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQueryClients } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { PACKS } from '#test/search/test-documents.ts';
import { MiniSearchIndex } from '../../search/minisearch-index.ts';
import { searchClientDigest } from './search-client-digest.ts';
import { DEFAULT_POPULAR_QUERY_SETTINGS, SharedPopularQueries, type PopularQuerySettings } from './shared-queries.ts';

const DAY = 24 * 3600 * 1000;
const SECRET = 'test-secret-for-client-digests';
const START = new Date('2026-06-01T12:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An instance: its own index over the same packs, sharing through the test database. */
function instance(settings: Partial<PopularQuerySettings> = {}) {
  const index = new MiniSearchIndex();
  index.replaceAll(PACKS);
  const shared = new SharedPopularQueries(t.services.db, index, {
    ...DEFAULT_POPULAR_QUERY_SETTINGS,
    clientSecret: SECRET,
    minClients: 3,
    ...settings,
  });
  const popular = () =>
    index
      .suggest('', 10)
      .filter((s) => s.kind === 'query')
      .map((s) => s.text);
  return { index, shared, popular };
}

const rowsOf = (query: string) =>
  t.services.db.select().from(searchQueryClients).where(eq(searchQueryClients.query, query));

describe('popular queries shared through the database', () => {
  it('a query is offered on every instance once enough distinct clients ran it, wherever they searched', async () => {
    const one = instance();
    const two = instance();
    one.index.recordQuery('Frame Interpolation', '192.0.2.1');
    one.index.recordQuery('frame interpolation', '192.0.2.2');
    await one.shared.share(START);
    expect(one.popular()).toEqual([]);
    two.index.recordQuery('frame  interpolation', '192.0.2.3');
    await two.shared.share(START);
    await one.shared.share(START);
    expect(one.popular()).toEqual(['frame interpolation']);
    expect(two.popular()).toEqual(['frame interpolation']);
  });

  it('counts a client once per bucket, however often and on however many instances it searches', async () => {
    const one = instance();
    const two = instance();
    for (let i = 0; i < 10; i++) {
      one.index.recordQuery('float slider', '192.0.2.9');
      two.index.recordQuery('float slider', '192.0.2.9');
      await one.shared.share(START);
      await two.shared.share(new Date(START.getTime() + 1000));
    }
    expect(await rowsOf('float slider')).toHaveLength(1);
    expect(one.popular()).not.toContain('float slider');
  });

  it('stores keyed digests, never addresses; an IPv6 /64 is one client', async () => {
    const one = instance();
    one.index.recordQuery('image resize', '2001:db8:1:2::1');
    one.index.recordQuery('image resize', '2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    one.index.recordQuery('image resize', '::ffff:192.0.2.77');
    await one.shared.share(START);
    const rows = await rowsOf('image resize');
    expect(rows.map((row) => row.clientHash).sort()).toEqual(
      [searchClientDigest(SECRET, '2001:db8:1:2::5'), searchClientDigest(SECRET, '192.0.2.77')].sort(),
    );
    for (const row of rows) expect(row.clientHash).not.toMatch(/2001|db8|192/);
    // Another secret names the same client differently: a copy of the table identifies nobody.
    expect(searchClientDigest('another-secret', '192.0.2.77')).not.toBe(searchClientDigest(SECRET, '192.0.2.77'));
  });

  it('takes at most maxPerClientPerBucket queries from one client per bucket', async () => {
    const one = instance({ maxPerClientPerBucket: 2 });
    for (const text of ['masking nodes', 'video files', 'controlnet scheduling']) {
      one.index.recordQuery(text, '192.0.2.40');
    }
    expect(await one.shared.share(START)).toBe(2);
    one.index.recordQuery('upscaling', '192.0.2.40');
    expect(await one.shared.share(START)).toBe(0);
    // The next bucket (day) brings a fresh allowance.
    one.index.recordQuery('upscaling', '192.0.2.40');
    expect(await one.shared.share(new Date(START.getTime() + DAY))).toBe(1);
  });

  it('ranks recent interest above old, forgets searches older than the window, and caps the table', async () => {
    const one = instance({ windowMs: 10 * DAY, halfLifeMs: 2 * DAY });
    const old = START.getTime() + 2 * DAY;
    for (let n = 1; n <= 3; n++) one.index.recordQuery('video', `192.0.2.${100 + n}`);
    await one.shared.share(new Date(old));
    for (let n = 1; n <= 3; n++) one.index.recordQuery('controlnet', `192.0.2.${110 + n}`);
    await one.shared.share(new Date(old + 5 * DAY));
    expect(one.popular().filter((text) => ['video', 'controlnet'].includes(text))).toEqual(['controlnet', 'video']);

    await one.shared.share(new Date(old + 11 * DAY));
    expect(await rowsOf('video')).toEqual([]);
    expect(one.popular()).toContain('controlnet');

    const capped = instance({ maxRows: 4 });
    for (let n = 1; n <= 6; n++) capped.index.recordQuery('masking', `192.0.2.${120 + n}`);
    await capped.shared.share(new Date(old + 12 * DAY));
    const [total] = await t.services.db.select({ rows: sql<number>`count(*)::int` }).from(searchQueryClients);
    expect(total?.rows).toBeLessThanOrEqual(4);
  });
});
