import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /publishers/{publisherId}/nodes/v2', () => {
  let t: TestApp;
  let publisherId: string;
  let emptyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    publisherId = (await insertPublisher(db)).id;
    emptyId = (await insertPublisher(db)).id;
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (const [i, id] of ['n-a', 'n-b', 'n-c'].entries()) {
      await insertNode(db, { id, publisherId, createdAt: new Date(base + i * 1000) });
    }
    await insertNode(db, { id: 'n-banned', publisherId, status: 'NodeStatusBanned' });
    await insertNode(db, { id: 'n-deleted', publisherId, status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  const page = async (query: string, id = publisherId) => {
    const response = await t.request(`/publishers/${id}/nodes/v2${query}`);
    return { status: response.status, body: await response.json() };
  };
  const ids = (body: { nodes: { id: string }[] }) => body.nodes.map((n) => n.id);

  it('pages the nodes newest first with totals', async () => {
    const first = await page('?limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(ids(first.body)).toEqual(['n-c', 'n-b']);
    const second = await page('?limit=2&page=2');
    expect(ids(second.body)).toEqual(['n-a']);
    expect((await page('?include_banned=true')).body).toMatchObject({ total: 4, limit: 10, totalPages: 1 });
  });

  it('clamps page and limit instead of failing', async () => {
    expect((await page('?limit=5000')).body).toMatchObject({ limit: 100 });
    expect((await page('?limit=0&page=-3')).body).toMatchObject({ limit: 1, page: 1, totalPages: 3 });
    expect((await page('?limit=abc')).status).toBe(400);
  });

  it('answers totalPages 0 for an empty publisher and 404 for an unknown one', async () => {
    expect((await page('', emptyId)).body).toEqual({
      nodes: [],
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 0,
      icon_images: {},
    });
    expect((await page('', 'nobody-here')).status).toBe(404);
  });
});
