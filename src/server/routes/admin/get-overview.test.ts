import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '../../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { adminActors, type AdminActors } from '../../../../tests/support/routes/admin.ts';

describe('GET /admin/overview', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  it('counts nodes, versions, publishers and users by status', async () => {
    const db = t.services.db;
    const publisher = await insertPublisher(db);
    const node = await insertNode(db, { publisherId: publisher.id });
    await insertNode(db, { publisherId: publisher.id, status: 'NodeStatusBanned' });
    await insertVersion(db, { nodeId: node.id, version: '1.0.0' });
    await insertVersion(db, { nodeId: node.id, version: '1.1.0', status: 'NodeVersionStatusFlagged' });
    const response = await t.request('/admin/overview', { token: who.admin.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      nodes: { NodeStatusActive: 1, NodeStatusBanned: 1 },
      versions: { NodeVersionStatusActive: 1, NodeVersionStatusFlagged: 1 },
      publishers: { PublisherStatusActive: 1 },
      users: { total: 2, admins: 1, banned: 0 },
      audit_last_24h: 0,
    });
  });

  it('is for admins only', async () => {
    expect((await t.request('/admin/overview')).status).toBe(401);
    expect((await t.request('/admin/overview', { token: who.stranger.token })).status).toBe(403);
  });
});
