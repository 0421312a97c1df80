import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchState } from '../../src/lib/search/url-state.ts';
import { createApp } from '../../src/server/app.ts';
import type { App } from '../../src/server/app-env.ts';
import { nodes } from '../../src/server/db/schema/index.ts';
import { loadHomePage } from '../../src/server/page-loaders/home/load-home.ts';
import { SearchSync } from '../../src/server/services/search-index/search-sync.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, fixedClock, TEST_API_URL, type TestApp } from '#test/test-app.ts';

// Suggestion poisoning: anonymous searches must not put arbitrary text into everyone's search box.
// Real route, real search sync, real database; clients are told apart by X-Forwarded-For behind
// one trusted proxy, exactly as the rate limiter does.

const SPAM = 'zzqx visit my-spam site';
const MIN_CLIENTS = 5;
const DAY = 24 * 3600 * 1000;

interface Suggestion {
  text: string;
  kind: string;
  nodeId?: string;
}

let t: TestApp;
let app: App;
let sync: SearchSync;
const clock = fixedClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
  app = createApp(t.services, { proxyHops: 1 });
  const { db } = t.services;
  // "visit" and "site" are in a description, so the spam query does find something.
  await seedNode(db, {
    id: 'upscale-video-pack',
    name: 'Upscale Video Pack',
    description: 'Upscales video frames. Visit the site for examples.',
    versions: [{ version: '1.0.0' }],
  });
  await seedNode(db, {
    id: 'face-detailer',
    name: 'Face Detailer',
    description: 'Finds faces and fixes their details.',
    versions: [{ version: '1.0.0' }],
  });
  await t.syncSearch();
  sync = new SearchSync(db, t.services.search, { clock, popularQueries: { minClients: MIN_CLIENTS } });
});
afterAll(() => t.close());

/** A first page of search from one client; returns how many packs it found. */
async function searchAs(client: string, text: string): Promise<number> {
  const response = await app.request(`${TEST_API_URL}/nodes/search?search=${encodeURIComponent(text)}`, {
    headers: { 'x-forwarded-for': client },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

async function suggest(prefix: string): Promise<Suggestion[]> {
  const response = await app.request(`${TEST_API_URL}/nodes/suggest?q=${encodeURIComponent(prefix)}&limit=8`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { suggestions: Suggestion[] }).suggestions;
}

const client = (n: number) => `198.51.100.${n}`;
const queryTexts = (list: Suggestion[]) => list.filter((s) => s.kind === 'query').map((s) => s.text);

async function didYouMean(query: string): Promise<Suggestion[]> {
  const page = await loadHomePage(t.services, parseSearchState(`?q=${encodeURIComponent(query)}`), client(250));
  expect(page.results?.total).toBe(0);
  return page.didYouMean;
}

describe('popular-query suggestions resist poisoning', () => {
  it('the attack: one client repeating a spam search never reaches suggestions or "did you mean"', async () => {
    for (let i = 0; i < 20; i++) expect(await searchAs('203.0.113.7', SPAM)).toBeGreaterThan(0);
    await sync.shareQueries();
    expect(queryTexts(await suggest('zzq'))).toEqual([]);
    expect((await suggest('zzq')).map((s) => s.text)).not.toContain(SPAM);
    expect((await didYouMean('zzq')).map((s) => s.text)).not.toContain(SPAM);
  });

  it('many clients: a query with words no pack contains is never offered, though it found something', async () => {
    for (let n = 1; n <= 3 * MIN_CLIENTS; n++) expect(await searchAs(client(n), SPAM)).toBeGreaterThan(0);
    await sync.shareQueries();
    expect((await suggest('zzq')).map((s) => s.text)).not.toContain(SPAM);
    expect((await suggest('visit')).map((s) => s.text)).not.toContain(SPAM);
    expect((await didYouMean('zzq')).map((s) => s.text)).not.toContain(SPAM);
  });

  it('a real query needs enough distinct clients, then ranks below the real pack name', async () => {
    // One client thirty times, and a few others: still below the threshold.
    for (let i = 0; i < 30; i++) await searchAs(client(1), 'upscale video');
    for (let n = 2; n < MIN_CLIENTS; n++) await searchAs(client(n), 'upscale video');
    await sync.shareQueries();
    expect(queryTexts(await suggest('upscale'))).not.toContain('upscale video');

    await searchAs(client(MIN_CLIENTS), 'Upscale   VIDEO ');
    await sync.shareQueries();
    const texts = (await suggest('upscale')).map((s) => `${s.kind}:${s.text}`);
    expect(texts).toContain('query:upscale video');
    expect(texts.indexOf('node:Upscale Video Pack')).toBeGreaterThanOrEqual(0);
    expect(texts.indexOf('node:Upscale Video Pack')).toBeLessThan(texts.indexOf('query:upscale video'));
  });

  it('a misspelling searched by many never outranks the real name', async () => {
    for (let n = 1; n <= 4 * MIN_CLIENTS; n++) expect(await searchAs(client(n), 'upscael video')).toBeGreaterThan(0);
    await sync.shareQueries();
    const list = await suggest('upsc');
    expect(list[0]).toMatchObject({ kind: 'node', text: 'Upscale Video Pack' });
    expect(queryTexts(list)).not.toContain('upscael video');
  });

  it('"did you mean" comes from pack and class names, never from recorded queries', async () => {
    // "upscale video" is a popular query by now (above); a search that finds nothing is still only
    // pointed at real names.
    const offered = await didYouMean('upscalezzz');
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((s) => s.kind !== 'query')).toBe(true);
  });

  it('a popular query stops being offered once its packs are gone', async () => {
    for (let n = 1; n <= MIN_CLIENTS; n++) await searchAs(client(n), 'face detailer');
    await sync.shareQueries();
    expect(queryTexts(await suggest('face'))).toContain('face detailer');
    await t.services.db
      .update(nodes)
      .set({ status: 'NodeStatusBanned', updatedAt: sql`now()` })
      .where(eq(nodes.id, 'face-detailer'));
    await t.syncSearch();
    expect(queryTexts(await suggest('face'))).not.toContain('face detailer');
  });

  it('counts clients over a time window that moves on: old searches stop counting', async () => {
    expect(queryTexts(await suggest('upscale'))).toContain('upscale video');
    clock.advance(45 * DAY);
    await sync.shareQueries();
    expect(queryTexts(await suggest('upscale'))).not.toContain('upscale video');
  });
});
