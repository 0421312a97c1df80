import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQueryCounts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { MiniSearchIndex } from '../minisearch-index.ts';
import { shareQueryCounts } from './shared-queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const popular = (index: MiniSearchIndex) =>
  index
    .suggest('', 10)
    .filter((s) => s.kind === 'query')
    .map((s) => s.text);

describe('popular queries shared through the database', () => {
  it('a query run on one instance becomes popular on another', async () => {
    const one = new MiniSearchIndex();
    const two = new MiniSearchIndex();
    one.recordQuery('Upscale Video');
    two.recordQuery('upscale video');
    // Once each: below the "several searches" threshold on either instance alone.
    expect(popular(one)).toEqual([]);
    const now = new Date();
    await shareQueryCounts(t.services.db, one, now);
    await shareQueryCounts(t.services.db, two, now);
    await shareQueryCounts(t.services.db, one, now);
    expect(popular(one)).toEqual(['upscale video']);
    expect(popular(two)).toEqual(['upscale video']);
  });

  it('never counts a query twice when shared repeatedly', async () => {
    const index = new MiniSearchIndex();
    index.recordQuery('face detailer');
    index.recordQuery('face detailer');
    for (let i = 0; i < 3; i++) await shareQueryCounts(t.services.db, index, new Date());
    const [suggestion] = index.suggest('face', 5).filter((s) => s.kind === 'query');
    expect(suggestion?.text).toBe('face detailer');
    const other = new MiniSearchIndex();
    other.recordQuery('face detailer');
    expect(await shareQueryCounts(t.services.db, other, new Date())).toBe(1);
    // 2 + 1 runs in total, whatever the number of flushes.
    const [row] = await t.services.db
      .select({ hits: searchQueryCounts.hits })
      .from(searchQueryCounts)
      .where(eq(searchQueryCounts.query, 'face detailer'));
    expect(row?.hits).toBe(3);
  });
});
