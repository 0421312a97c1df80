import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { nodes } from '../../db/schema/index.ts';
import { queryDefaultNodeListPage } from './default-list-page.ts';
import { nodeListWhere } from './node-filters.ts';
import { queryNodeListPage } from './node-list-page.ts';
import { nodeOrderBy } from './node-sort.ts';

// GET /nodes without filters pages from cached boundaries and a maintained total. Every page must be
// the page OFFSET gives (same rows, same order), with the total count(*) gives, after every kind of
// change: a pack published, banned, withheld, lifted, deleted.

const STRIDE = 4;

describe('the unfiltered node list (maintained total, pages seeking from boundaries)', () => {
  let t: TestApp;
  let publisherId: string;
  let created = 0;

  /** A pack created at a distinct microsecond (a JS Date would lose it), some sharing one instant. */
  async function addPack(id: string, micros = created++) {
    await insertNode(t.services.db, { id, publisherId });
    const at = `2026-01-01 00:00:00.${String(Math.floor(micros / 2)).padStart(6, '0')}+00`;
    await t.services.db.execute(sql`UPDATE ${nodes} SET created_at = ${at}::timestamptz WHERE id = ${id}`);
  }

  async function offsetPages(includeBanned: boolean, limit: number) {
    const pages: string[][] = [];
    for (let page = 1; ; page++) {
      const { rows, total } = await queryNodeListPage(t.services.db, {
        page,
        limit,
        where: nodeListWhere({
          includeBanned,
          since: undefined,
          nodeIds: undefined,
          os: undefined,
          accelerator: undefined,
        }),
        orderBy: nodeOrderBy([]),
      });
      if (rows.length === 0) return { pages, total };
      pages.push(rows.map((row) => row.id));
    }
  }

  async function seekPages(includeBanned: boolean, limit: number) {
    const pages: string[][] = [];
    for (let page = 1; ; page++) {
      const result = await queryDefaultNodeListPage(t.services.db, { page, limit, includeBanned, stride: STRIDE });
      if (result.rows.length === 0) return { pages, total: result.total };
      pages.push(result.rows.map((row) => row.id));
    }
  }

  async function expectSameAsOffset(limits: number[]) {
    for (const includeBanned of [false, true]) {
      for (const limit of limits) {
        const seek = await seekPages(includeBanned, limit);
        expect(seek).toEqual(await offsetPages(includeBanned, limit));
        // No gaps, no duplicates: every listed pack exactly once.
        const ids = seek.pages.flat();
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(seek.total);
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    publisherId = (await insertPublisher(t.services.db)).id;
    for (let i = 0; i < 23; i++) await addPack(`pack-${String(i).padStart(2, '0')}`);
  });
  afterAll(() => t.close());

  it('answers every page as OFFSET would, with the counted total', async () => {
    await expectSameAsOffset([1, 3, 5, 30]);
    expect((await queryDefaultNodeListPage(t.services.db, { page: 1, limit: 5, includeBanned: false })).total).toBe(23);
  });

  it('stays equal to OFFSET and keeps the total right after publishes, bans, withholds, deletes and lifts', async () => {
    const { db } = t.services;
    const changes: Array<[string, () => Promise<unknown>, number, number]> = [
      ['a newer pack', () => addPack('pack-new', 1000), 24, 24],
      ['an older pack between boundaries', () => addPack('pack-old', 7), 25, 25],
      ['a ban', () => db.update(nodes).set({ status: 'NodeStatusBanned' }).where(eq(nodes.id, 'pack-05')), 24, 25],
      ['a withheld pack', () => db.update(nodes).set({ withheld: true }).where(eq(nodes.id, 'pack-11')), 23, 25],
      [
        'a deletion',
        () => db.update(nodes).set({ status: 'NodeStatusDeleted' }).where(eq(nodes.id, 'pack-17')),
        22,
        24,
      ],
      [
        'a deleted banned pack',
        () => db.update(nodes).set({ status: 'NodeStatusDeleted' }).where(eq(nodes.id, 'pack-05')),
        22,
        23,
      ],
      ['a lifted withhold', () => db.update(nodes).set({ withheld: false }).where(eq(nodes.id, 'pack-11')), 23, 23],
      ['a row removed', () => db.delete(nodes).where(eq(nodes.id, 'pack-02')), 22, 22],
      [
        'an edit that changes no membership',
        () => db.update(nodes).set({ totalInstall: 9 }).where(eq(nodes.id, 'pack-03')),
        22,
        22,
      ],
    ];
    for (const [what, change, listed, present] of changes) {
      await change();
      const totals = [
        (await queryDefaultNodeListPage(db, { page: 1, limit: 5, includeBanned: false })).total,
        (await queryDefaultNodeListPage(db, { page: 1, limit: 5, includeBanned: true })).total,
      ];
      expect(totals, what).toEqual([listed, present]);
      // Pages of 5 cross a boundary (every 4th row) at a different row on every page.
      await expectSameAsOffset([5]);
    }
  });

  it('serves the list through GET /nodes with the same pages and total', async () => {
    const body = (await (await t.request('/nodes?page=2&limit=5')).json()) as {
      nodes: Array<{ id: string }>;
      total: number;
      totalPages: number;
    };
    const offset = await offsetPages(false, 5);
    expect(body.nodes.map((node) => node.id)).toEqual(offset.pages[1]);
    expect({ total: body.total, totalPages: body.totalPages }).toEqual({ total: offset.total, totalPages: 5 });
  });
});
