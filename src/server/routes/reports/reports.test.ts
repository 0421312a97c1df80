import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, packReports } from '../../db/schema/index.ts';
import { REPORTS_PER_USER_PER_HOUR } from '../../services/reports/create-report.ts';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

// POST /nodes/{nodeId}/reports, GET /admin/reports, POST /admin/reports/{reportId}/resolve together:
// a report is only useful if it reaches the queue, and closing it is the queue's job.

describe('pack reports', () => {
  let t: TestApp;
  let user: Actor;
  let admin: Actor;
  const clock = fixedClock();
  const report = (nodeId: string, json: unknown, token?: string) =>
    t.request(`/nodes/${nodeId}/reports`, { method: 'POST', json, ...(token ? { token } : {}) });
  const queue = async (status = 'open') => {
    const response = await t.request(`/admin/reports?status=${status}`, { token: admin.token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { reports: Array<Record<string, unknown>> }).reports;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    [user, admin] = await Promise.all([signedIn(t), signedIn(t, { admin: true })]);
    await seedNode(t.services.db, { id: 'Suspicious', versions: [{ version: '1.0.0' }, { version: '1.1.0' }] });
    await seedNode(t.services.db, { id: 'banned-pack', status: 'NodeStatusBanned' });
  });
  afterAll(() => t.close());

  it('answers 401 anonymous and 403 for a banned user, writing nothing', async () => {
    expect((await report('Suspicious', { reason: 'spam' })).status).toBe(401);
    const banned = await signedIn(t, { banned: true });
    const response = await report('Suspicious', { reason: 'spam' }, banned.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'user_banned' });
    expect(await t.services.db.select().from(packReports)).toHaveLength(0);
  });

  it('rejects bad bodies with clear 400s', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'reason'],
      [{ reason: 'boring' }, 'reason must be one of'],
      [{ reason: 'other', details: 'x'.repeat(2001) }, 'at most 2000'],
      [{ reason: 'other', details: 5 }, 'details must be text'],
      [{ reason: 'other', version: '' }, 'version must not be empty'],
    ];
    for (const [json, message] of cases) {
      const response = await report('Suspicious', json, user.token);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
  });

  it('answers 404 for an unknown node or version', async () => {
    expect((await report('nope', { reason: 'spam' }, user.token)).status).toBe(404);
    const response = await report('Suspicious', { reason: 'broken', version: '9.9.9' }, user.token);
    expect(response.status).toBe(404);
    expect(await t.services.db.select().from(packReports)).toHaveLength(0);
  });

  it('files a pack report and a version report (201 with the id), audited', async () => {
    const pack = await report(
      'suspicious',
      { reason: 'malware', details: '  posts tokens to a pastebin  ' },
      user.token,
    );
    expect(pack.status).toBe(201);
    const { id } = (await pack.json()) as { id: string };
    const [row] = await t.services.db.select().from(packReports).where(eq(packReports.id, id));
    expect(row).toMatchObject({ nodeId: 'Suspicious', nodeVersionId: null, details: 'posts tokens to a pastebin' });
    clock.advance(1000); // the queue is oldest first
    const version = await report('Suspicious', { reason: 'broken', version: '1.1.0' }, user.token);
    expect(version.status).toBe(201);
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'report.create'));
    expect(audits).toHaveLength(2);
  });

  it('shows the queue to admins, with the reporter (and to nobody else)', async () => {
    const open = await queue();
    expect(open.map((r) => [r.node_id, r.reason, r.version])).toEqual([
      ['Suspicious', 'malware', null],
      ['Suspicious', 'broken', '1.1.0'],
    ]);
    expect(open[0]).toMatchObject({ reporter: { id: user.user.id }, status: 'open', publisher_id: expect.any(String) });
    expect((await t.request('/admin/reports', { token: user.token })).status).toBe(403);
    expect((await t.request('/admin/reports')).status).toBe(401);
    expect((await t.request('/admin/reports?status=closed', { token: admin.token })).status).toBe(400);
  });

  it('resolves and dismisses with a note, audited; a second decision is a 409', async () => {
    const [first, second] = await queue();
    const decide = (id: unknown, json: unknown, token = admin.token) =>
      t.request(`/admin/reports/${String(id)}/resolve`, { method: 'POST', token, json });
    expect((await decide(first!.id, { decision: 'resolved' }, user.token)).status).toBe(403);
    expect((await decide(first!.id, { decision: 'maybe' })).status).toBe(400);
    expect((await decide('not-a-uuid', { decision: 'resolved' })).status).toBe(400);
    expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'resolved' })).status).toBe(404);
    expect((await decide(first!.id, { decision: 'resolved', note: 'banned the node' })).status).toBe(200);
    const dismissed = await decide(second!.id, { decision: 'dismissed', note: 'works for me' });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toEqual({ status: 'dismissed', audit_entry_id: expect.any(Number) });
    const again = await decide(first!.id, { decision: 'dismissed' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'report_closed' });
    expect(await queue()).toHaveLength(0);
    expect((await queue('resolved')).map((r) => [r.resolution_note, r.resolved_by])).toEqual([
      ['banned the node', admin.user.email],
    ]);
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.targetType, 'report'));
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([
      ['report.resolve', admin.user.id],
      ['report.dismiss', admin.user.id],
    ]);
  });

  it('undoes a dismissal: the report is open again, once, and only by the admin who dismissed it', async () => {
    expect((await report('Suspicious', { reason: 'broken', details: 'undo me' }, user.token)).status).toBe(201);
    const open = (await queue()).find((r) => r.details === 'undo me')!;
    const dismissed = await t.request(`/admin/reports/${String(open.id)}/resolve`, {
      method: 'POST',
      token: admin.token,
      json: { decision: 'dismissed', note: 'not reproducible' },
    });
    const { audit_entry_id } = (await dismissed.json()) as { audit_entry_id: number };
    expect((await queue('dismissed')).map((r) => r.id)).toContain(open.id);
    const other = await signedIn(t, { admin: true });
    const undo = (token: string) =>
      t.request('/admin/undo', { method: 'POST', token, json: { entry_ids: [audit_entry_id] } });
    expect((await undo(other.token)).status).toBe(403);
    expect((await undo(admin.token)).status).toBe(200);
    const reopened = (await queue()).find((r) => r.id === open.id);
    expect(reopened).toMatchObject({ status: 'open', resolution_note: '', resolved_by: null, resolved_at: null });
    expect((await queue('dismissed')).map((r) => r.id)).not.toContain(open.id);
    const again = await undo(admin.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'already_undone' });
  });

  it(`limits each user to ${REPORTS_PER_USER_PER_HOUR} reports per hour`, async () => {
    const busy = await signedIn(t);
    const responses = await Promise.all(
      Array.from({ length: REPORTS_PER_USER_PER_HOUR + 2 }, () => report('Suspicious', { reason: 'spam' }, busy.token)),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(REPORTS_PER_USER_PER_HOUR);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(await refused[0]!.json()).toMatchObject({ error: 'report_rate_limited' });
    clock.advance(60 * 60 * 1000 + 1);
    expect((await report('Suspicious', { reason: 'spam' }, busy.token)).status).toBe(201);
  });

  it('never names the reporter on public reads', async () => {
    const response = await t.request('/nodes/Suspicious');
    expect(JSON.stringify(await response.json())).not.toContain(user.user.id);
  });
});
