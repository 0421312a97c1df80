import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, type EmulatorUser } from '#test/firebase-emulator.ts';
import { insertUser } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

interface VersionPage {
  total: number;
  versions: Record<string, unknown>[];
  page: number;
  pageSize: number;
  totalPages: number;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

describe('GET /versions (listAllNodeVersions)', () => {
  let t: TestApp;
  let admin: EmulatorUser;
  let stranger: EmulatorUser;
  const adminEmail = uniqueEmail('admin');
  const page = async (query: string) => {
    const response = await t.request(`/versions${query}`, { token: admin.idToken });
    expect(response.status).toBe(200);
    return (await response.json()) as VersionPage;
  };
  const labels = async (query: string) =>
    (await page(query)).versions.map((v) => `${String(v.node_id)}@${String(v.version)}`);

  beforeAll(async () => {
    t = await createTestApp({ config: { adminEmails: [adminEmail] } });
    [admin, stranger] = await Promise.all([signUp({ email: adminEmail, emailVerified: true }), signUp()]);
    await seedNode(t.services.db, {
      id: 'Alpha',
      versions: [
        { version: '1.0.0', createdAt: at(1) },
        { version: '1.1.0', status: 'NodeVersionStatusFlagged', statusReason: 'Uses EVAL on input', createdAt: at(3) },
        { version: '1.2.0', status: 'NodeVersionStatusDeleted', createdAt: at(5) },
      ],
    });
    await seedNode(t.services.db, {
      id: 'beta',
      versions: [
        { version: '0.1.0', status: 'NodeVersionStatusPending', createdAt: at(2) },
        {
          version: '0.2.0',
          status: 'NodeVersionStatusBanned',
          statusReason: 'eval() of downloaded code',
          createdAt: at(4),
        },
      ],
    });
  });
  afterAll(() => t.close());

  it('refuses everyone but administrators with 403 (it exposes non-public statuses)', async () => {
    const anonymous = await t.request('/versions');
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ error: 'admin_required', message: expect.any(String) });
    expect((await t.request('/versions', { token: stranger.idToken })).status).toBe(403);
    const bannedAdmin = await signUp();
    await insertUser(t.services.db, { id: bannedAdmin.uid, isAdmin: true, status: 'UserStatusBanned' });
    expect((await t.request('/versions', { token: bannedAdmin.idToken })).status).toBe(403);
  });

  it('lists every status, newest first, in the contract’s object envelope', async () => {
    const body = await page('');
    expect(Object.keys(body).sort()).toEqual(['page', 'pageSize', 'total', 'totalPages', 'versions']);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 10, totalPages: 1 });
    expect(body.versions.map((v) => `${String(v.node_id)}@${String(v.version)}`)).toEqual([
      'Alpha@1.2.0',
      'beta@0.2.0',
      'Alpha@1.1.0',
      'beta@0.1.0',
      'Alpha@1.0.0',
    ]);
    for (const version of body.versions) expect(version).not.toHaveProperty('status_reason');
  });

  it('filters by repeated statuses, nodeId (any case) and status_reason text', async () => {
    expect(await labels('?statuses=NodeVersionStatusFlagged&statuses=NodeVersionStatusBanned')).toEqual([
      'beta@0.2.0',
      'Alpha@1.1.0',
    ]);
    expect(await labels('?nodeId=ALPHA')).toEqual(['Alpha@1.2.0', 'Alpha@1.1.0', 'Alpha@1.0.0']);
    expect(await labels('?nodeId=unknown')).toEqual([]);
    const reasons = await page('?status_reason=eval&include_status_reason=true');
    expect(reasons.versions.map((v) => v.status_reason)).toEqual(['eval() of downloaded code', 'Uses EVAL on input']);
    expect(await labels('?status_reason=100%25')).toEqual([]);
  });

  it('filters by a creation date range (from inclusive, before exclusive) and rejects bad dates', async () => {
    const range = `?created_from=${encodeURIComponent(at(2).toISOString())}&created_before=${encodeURIComponent(at(4).toISOString())}`;
    expect(await labels(range)).toEqual(['Alpha@1.1.0', 'beta@0.1.0']);
    const bad = await t.request('/versions?created_from=yesterday', { token: admin.idToken });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/created_from/);
  });

  it('pages deterministically and clamps pageSize', async () => {
    const seen: string[] = [];
    for (let n = 1; n <= 3; n += 1) {
      const body = await page(`?pageSize=2&page=${n}`);
      expect(body).toMatchObject({ total: 5, pageSize: 2, totalPages: 3, page: n });
      seen.push(...body.versions.map((v) => String(v.id)));
    }
    expect(new Set(seen).size).toBe(5);
    expect(await page('?pageSize=5000')).toMatchObject({ pageSize: 100 });
  });
});
