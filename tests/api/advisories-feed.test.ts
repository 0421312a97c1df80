import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeed } from '../../src/server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { keysOfChange } from '../../src/server/cache/cache-keys.ts';
import { osvProblems } from '#test/osv-validator.ts';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';

// The public OSV feed: list (modified_since, paging), one document, the bulk zip, the batch query;
// every document valid against the OSV schema; cache headers and keys.

describe('advisory feed: GET /advisories, /advisories/{id}, /advisories/all.zip, POST /advisories/query', () => {
  let t: TestApp;
  let who: AdminActors;
  const clock = fixedClock(new Date('2026-11-01T09:00:00Z'));
  const publish = async (json: unknown) => {
    const response = await t.request('/admin/advisories', { method: 'POST', token: who.admin.token, json });
    expect(response.status).toBe(201);
    clock.advance(3_600_000);
    return (await response.json()).id as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    who = await adminActors(t);
    await seedNode(t.services.db, { id: 'Upscaler-Pack', versions: [{ version: '2.0.0' }, { version: '2.1.0' }] });
    await seedNode(t.services.db, {
      id: 'llm-nodes',
      versions: [{ version: '1.0.0', dependencies: ['litellm>=1.80', 'numpy'] }],
    });
    await seedNode(t.services.db, { id: 'old-llm', versions: [{ version: '1.0.0', dependencies: ['litellm<1.0'] }] });
    await publish({
      summary: 'Stealer in Upscaler Pack 2.1.0',
      severity: 'CRITICAL',
      kind: 'malware',
      references: [{ type: 'REPORT', url: 'https://example.org/report' }],
      affected: [{ ecosystem: 'Nodeyard', package: 'upscaler-pack', versions: ['2.1.0'] }],
    });
    await publish({
      summary: 'Compromised litellm 1.82.7 and 1.82.8',
      severity: 'HIGH',
      kind: 'vulnerability',
      aliases: ['PYSEC-2026-1', 'GHSA-aaaa-bbbb-cccc'],
      affected: [{ ecosystem: 'PyPI', package: 'LiteLLM', ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }] }],
    });
    await publish({
      summary: 'Old bug in Upscaler Pack before 2.0.0',
      severity: 'LOW',
      kind: 'vulnerability',
      affected: [{ ecosystem: 'Nodeyard', package: 'Upscaler-Pack', ranges: [{ introduced: '0', fixed: '2.0.0' }] }],
    });
    await t.request('/admin/advisories/NYSA-2026-0003/withdraw', { method: 'POST', token: who.admin.token });
  });
  afterAll(() => t.close());

  it('lists every advisory oldest-modified first, withdrawn included, each valid OSV', async () => {
    const response = await t.request('/advisories');
    expect(response.status).toBe(200);
    const { advisories, next_cursor } = await response.json();
    expect(advisories.map((a: { id: string }) => a.id)).toEqual(['NYSA-2026-0001', 'NYSA-2026-0002', 'NYSA-2026-0003']);
    expect(advisories[2].withdrawn).toBe('2026-11-01T12:00:00.000Z');
    expect(next_cursor).toBeUndefined();
    for (const doc of advisories) expect(osvProblems(doc), doc.id).toEqual([]);
  });

  it('modified_since and paging with next_cursor', async () => {
    const since = await (await t.request('/advisories?modified_since=2026-11-01T10:00:00Z')).json();
    expect(since.advisories.map((a: { id: string }) => a.id)).toEqual(['NYSA-2026-0002', 'NYSA-2026-0003']);
    const first = await (await t.request('/advisories?limit=2')).json();
    expect(first.advisories).toHaveLength(2);
    const second = await (await t.request(`/advisories?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.advisories.map((a: { id: string }) => a.id)).toEqual(['NYSA-2026-0003']);
    expect(second.next_cursor).toBeUndefined();
    const bad = await t.request('/advisories?modified_since=yesterday');
    expect(bad.status).toBe(400);
  });

  it('one document: OSV, and a PyPI advisory lists the packs whose dependencies admit it', async () => {
    const response = await t.request('/advisories/nysa-2026-0002');
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(osvProblems(doc)).toEqual([]);
    expect(doc.database_specific.dependent_packs).toEqual([{ pack: 'llm-nodes', versions: ['1.0.0'] }]);
    expect((await t.request('/advisories/NYSA-2026-0999')).status).toBe(404);
    expect((await t.request('/advisories/not-an-id')).status).toBe(400);
  });

  it('all.zip holds one valid OSV file per advisory; ETag and Last-Modified revalidate to 304', async () => {
    const response = await t.request('/advisories/all.zip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['NYSA-2026-0001.json', 'NYSA-2026-0002.json', 'NYSA-2026-0003.json']);
    for (const [name, bytes] of Object.entries(files)) {
      expect(osvProblems(JSON.parse(new TextDecoder().decode(bytes))), name).toEqual([]);
    }
    const etag = response.headers.get('etag')!;
    const lastModified = response.headers.get('last-modified')!;
    expect(lastModified).toBe('Sun, 01 Nov 2026 12:00:00 GMT');
    expect((await t.request('/advisories/all.zip', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await t.request('/advisories/all.zip', { headers: { 'if-modified-since': lastModified } })).status).toBe(
      304,
    );
    expect(response.headers.get('surrogate-key')).toBe('advisories');
  });

  it('the JSON feed: ETag (304 on If-None-Match), Last-Modified (304 on If-Modified-Since), cache key', async () => {
    const response = await t.request('/advisories');
    expect(response.headers.get('surrogate-key')).toBe('advisories');
    expect(response.headers.get('last-modified')).toBe('Sun, 01 Nov 2026 12:00:00 GMT');
    const etag = response.headers.get('etag')!;
    expect((await t.request('/advisories', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const since = { 'if-modified-since': 'Sun, 01 Nov 2026 12:00:00 GMT' };
    expect((await t.request('/advisories', { headers: since })).status).toBe(304);
    expect(
      (await t.request('/advisories', { headers: { 'if-modified-since': 'Sun, 01 Nov 2026 11:00:00 GMT' } })).status,
    ).toBe(200);
  });

  it('an advisory change is in the change feed, naming the pack, and purges the advisories key', async () => {
    await t.changes.catchUp();
    const rows = await t.services.db.select().from(changeFeed).where(eq(changeFeed.kind, 'advisory'));
    expect(rows.some((row) => row.nodeId === null)).toBe(true);
    expect(rows.some((row) => row.nodeId === 'Upscaler-Pack')).toBe(true);
    expect(keysOfChange({ kind: 'advisory', nodeId: null, publisherId: null })).toContain('advisories');
    expect(keysOfChange({ kind: 'advisory', nodeId: 'Upscaler-Pack', publisherId: 'p' })).toContain(
      'node:Upscaler-Pack',
    );
  });

  it('POST /advisories/query: one result per pair, in order; withdrawn ones match nothing', async () => {
    const response = await t.request('/advisories/query', {
      method: 'POST',
      json: {
        queries: [
          { pack: 'upscaler-pack', version: '2.1.0' },
          { pack: 'upscaler-pack', version: '2.0.0' },
          { pack: 'upscaler-pack', version: '1.0.0' }, // only the withdrawn advisory covers it
          { pypi: 'LiteLLM', version: '1.82.8' },
          { pypi: 'lite_llm', version: '1.82.8' },
          { pypi: 'litellm', version: '1.82.10' },
        ],
      },
    });
    expect(response.status).toBe(200);
    const { results } = await response.json();
    expect(results.map((r: { vulns: { id: string }[] }) => r.vulns.map((v) => v.id))).toEqual([
      ['NYSA-2026-0001'],
      [],
      [],
      ['NYSA-2026-0002'],
      [],
      [],
    ]);
    expect(results[0].vulns[0]).toEqual({
      id: 'NYSA-2026-0001',
      modified: '2026-11-01T09:00:00.000Z',
      summary: 'Stealer in Upscaler Pack 2.1.0',
      severity: 'CRITICAL',
      kind: 'malware',
    });
    const bad = await t.request('/advisories/query', { method: 'POST', json: { queries: [{ version: '1' }] } });
    expect(bad.status).toBe(400);
  });
});
