import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, TEST_API_URL, type TestApp } from '#test/test-app.ts';

describe('GET /publishers/{publisherId}/nodes', () => {
  let t: TestApp;
  let publisherId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const publisher = await insertPublisher(db, { name: 'Acme' });
    publisherId = publisher.id;
    const base = Date.parse('2026-01-01T00:00:00Z');
    const active = await insertNode(db, { id: 'acme-active', publisherId, createdAt: new Date(base + 3000) });
    await insertVersion(db, { nodeId: active.id, version: '1.2.0' });
    await insertNode(db, { id: 'acme-bare', publisherId, createdAt: new Date(base + 2000) });
    await insertNode(db, {
      id: 'acme-banned',
      publisherId,
      status: 'NodeStatusBanned',
      createdAt: new Date(base + 1000),
    });
    await insertNode(db, { id: 'acme-gone', publisherId, status: 'NodeStatusDeleted' });
    await insertNode(db, { publisherId: (await insertPublisher(db)).id });
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const response = await t.request(`/publishers/${publisherId}/nodes${query}`);
    return { status: response.status, body: await response.json() };
  };

  it("returns a bare array of the publisher's nodes, newest first, without banned or deleted ones", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.map((n: { id: string }) => n.id)).toEqual(['acme-active', 'acme-bare']);
    expect(body[0]).toMatchObject({
      id: 'acme-active',
      name: 'Node acme-active',
      description: 'Description of acme-active',
      publisher: { id: publisherId, name: 'Acme' },
      latest_version: { version: '1.2.0', downloadUrl: `${TEST_API_URL}/archives/acme-active/1.2.0/node.zip` },
    });
    expect(body[1].latest_version).toBeUndefined();
  });

  it('includes banned nodes only with include_banned=true', async () => {
    const { body } = await list('?include_banned=true');
    expect(body.map((n: { id: string }) => n.id)).toEqual(['acme-active', 'acme-bare', 'acme-banned']);
    expect((await list('?include_banned=false')).body).toHaveLength(2);
    expect((await list('?include_banned=maybe')).status).toBe(400);
  });

  it('answers 404 for an unknown publisher', async () => {
    const response = await t.request('/publishers/nobody-here/nodes');
    expect(response.status).toBe(404);
  });
});
