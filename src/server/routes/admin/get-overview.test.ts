import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { banAppeals, packReports } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';

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
      reports_open: 0,
      appeals_open: 0,
    });
  });

  it('counts open reports and waiting ban appeals, and lists banned accounts on request', async () => {
    const db = t.services.db;
    const node = await insertNode(db, { publisherId: (await insertPublisher(db)).id });
    const reporter = await insertUser(db);
    await db.insert(packReports).values({ nodeId: node.id, reporterUserId: reporter.id, reason: 'spam' });
    const banned = await insertUser(db, { status: 'UserStatusBanned', bannedAt: new Date() });
    await db.insert(banAppeals).values({ subjectType: 'user', requestedByUserId: banned.id, message: 'Please.' });
    const overview = (await (await t.request('/admin/overview', { token: who.admin.token })).json()) as Record<
      string,
      unknown
    >;
    expect(overview).toMatchObject({ reports_open: 1, appeals_open: 1, users: { banned: 1 } });
    const list = await t.request('/admin/users?banned=true', { token: who.admin.token });
    expect(await list.json()).toMatchObject({ total: 1, users: [{ id: banned.id, status: 'UserStatusBanned' }] });
  });

  it('is for admins only', async () => {
    expect((await t.request('/admin/overview')).status).toBe(401);
    expect((await t.request('/admin/overview', { token: who.stranger.token })).status).toBe(403);
  });
});
