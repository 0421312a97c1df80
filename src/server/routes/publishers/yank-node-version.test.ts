import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertPublisher } from '#test/factories.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { IndexDeltaSchema, IndexSnapshotSchema } from '../../index-protocol/format.ts';

// Yank and unyank (issue 29.1): a yanked version leaves every "latest" (node, install, list, search,
// index, resolver) but an exact install still serves it, saying so; audited, and an admin's yank is
// undone from the audit log.

describe('POST …/versions/{version}/yank and …/unyank', () => {
  let t: TestApp;
  let owner: Actor;
  let admin: Actor;
  const base = '/publishers/yankers/nodes/yank-me/versions';
  const yank = (version: string, reason: unknown, token = owner.token) =>
    t.request(`${base}/${version}/yank`, { method: 'POST', token, json: { reason } });
  const unyank = (version: string, token = owner.token) =>
    t.request(`${base}/${version}/unyank`, { method: 'POST', token });
  const latest = async () =>
    ((await (await t.request('/nodes/yank-me')).json()) as { latest_version?: { version: string } }).latest_version
      ?.version;
  const installed = async () =>
    ((await (await t.request('/nodes/yank-me/install')).json()) as { version: string }).version;
  const snapshot = async () => IndexSnapshotSchema.parse(await (await t.request('/index/v1/snapshot')).json());
  const resolved = async () => {
    const plan = (await (
      await t.request('/workflows/resolve', { method: 'POST', json: { '1': { class_type: 'YankedNodeClass' } } })
    ).json()) as { packs: { id: string; latest_version?: string }[] };
    return plan.packs.find((pack) => pack.id === 'yank-me')?.latest_version;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock() });
    owner = await signedIn(t);
    admin = await signedIn(t, { admin: true });
    const publisher = await insertPublisher(t.services.db, { id: 'yankers', owner: owner.user });
    const { versions } = await seedNode(t.services.db, {
      id: 'yank-me',
      publisher,
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }],
    });
    for (const version of versions) await insertComfyNode(t.services.db, version.id, 'YankedNodeClass');
  });
  afterAll(() => t.close());

  it('takes a yanked version out of latest, install, lists, search, the index and the resolver', async () => {
    await t.syncSearch({ full: true });
    const before = await snapshot();
    expect(await latest()).toBe('1.1.0');
    expect(await resolved()).toBe('1.1.0');

    const response = await yank('1.1.0', '  breaks saved workflows  ');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      version: '1.1.0',
      yanked: true,
      yanked_reason: 'breaks saved workflows',
      yanked_at: '2026-06-01T12:00:00.000Z',
    });

    expect(await latest()).toBe('1.0.0');
    expect(await installed()).toBe('1.0.0');
    const list = (await (
      await t.request('/nodes?page=1&limit=30&comfyui_version=v0.3.0&form_factor=git-linux')
    ).json()) as {
      nodes: { id: string; latest_version?: { version: string } }[];
    };
    expect(list.nodes.find((node) => node.id === 'yank-me')?.latest_version?.version).toBe('1.0.0');
    await t.syncSearch();
    const search = (await (await t.request('/nodes/search?search=yank-me')).json()) as {
      nodes: { id: string; latest_version?: { version: string } }[];
    };
    expect(search.nodes.find((node) => node.id === 'yank-me')?.latest_version?.version).toBe('1.0.0');
    expect(await resolved()).toBe('1.0.0');

    // The index keeps the version (a pin still installs) with the flag; the pack's latest moves back.
    const after = await snapshot();
    expect(after.packs.find((pack) => pack.id === 'yank-me')?.latest_version).toBe('1.0.0');
    expect(after.versions.find((v) => v.pack === 'yank-me' && v.version === '1.1.0')).toMatchObject({
      yanked: true,
      yanked_reason: 'breaks saved workflows',
    });
    const delta = IndexDeltaSchema.parse(await (await t.request(`/index/v1/changes?since=${before.cursor}`)).json());
    expect(delta.packs.find((pack) => pack.id === 'yank-me')?.latest_version).toBe('1.0.0');
    expect(delta.versions.find((v) => v.version === '1.1.0' && v.pack === 'yank-me')?.yanked).toBe(true);
  });

  it('still serves an exact install of the yanked version, with the reason in a header and fields', async () => {
    const response = await t.request('/nodes/yank-me/install?version=1.1.0');
    expect(response.status).toBe(200);
    expect(response.headers.get('nodeyard-yanked')).toBe(encodeURIComponent('breaks saved workflows'));
    expect(await response.json()).toMatchObject({
      version: '1.1.0',
      yanked: true,
      yanked_reason: 'breaks saved workflows',
      downloadUrl: expect.stringContaining('/archives/yank-me/1.1.0/node.zip'),
    });
    const fine = await t.request('/nodes/yank-me/install?version=1.0.0');
    expect(fine.headers.get('nodeyard-yanked')).toBeNull();
    expect(await fine.json()).toMatchObject({ yanked: false });
  });

  it('records the yank in the audit log, and an unyank makes it latest again', async () => {
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.yank'), eq(auditLog.actorUserId, owner.user.id)));
    expect(entry).toMatchObject({
      targetType: 'node_version',
      before: { version: '1.1.0', yanked: false, yanked_reason: '' },
      after: { version: '1.1.0', yanked: true, yanked_reason: 'breaks saved workflows' },
    });
    const response = await unyank('1.1.0');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ yanked: false });
    expect((await unyank('1.1.0')).status).toBe(200); // nothing to take back: no change, no error
    expect(await latest()).toBe('1.1.0');
    expect(await installed()).toBe('1.1.0');
    expect(await resolved()).toBe('1.1.0');
    const unyanks = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'version.unyank'));
    expect(unyanks).toHaveLength(1);
  });

  it('refuses a yank without a reason, and versions that are not there', async () => {
    const empty = await yank('1.1.0', '   ');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'validation_error', details: [{ path: 'reason' }] });
    expect((await yank('9.9.9', 'gone')).status).toBe(404);
    expect(
      (await t.request(`/publishers/yankers/nodes/yank-me/versions/1.1.0/yank`, { method: 'POST', token: owner.token }))
        .status,
    ).toBe(400);
  });

  it("lets an admin yank, and undo that yank from the audit log (an unyank), then the undo's undo", async () => {
    const response = await yank('1.1.0', 'malware report under review', admin.token);
    expect(response.status).toBe(200);
    expect(await latest()).toBe('1.0.0');
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.yank'), eq(auditLog.actorUserId, admin.user.id)));
    const log = (await (await t.request(`/admin/audit-log?action=version.yank`, { token: admin.token })).json()) as {
      entries: { id: number; undoable: boolean }[];
    };
    expect(log.entries.find((row) => row.id === entry!.id)?.undoable).toBe(true);

    const undo = await t.request('/admin/undo', {
      method: 'POST',
      token: admin.token,
      json: { entry_ids: [entry!.id] },
    });
    expect(undo.status).toBe(200);
    expect(await latest()).toBe('1.1.0');
    const [reversal] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.unyank'), eq(auditLog.actorUserId, admin.user.id)));
    expect(reversal?.after).toMatchObject({ yanked: false, undo_of: entry!.id });

    // Undoing the unyank yanks again, with the reason the yank had.
    const again = await t.request('/admin/undo', {
      method: 'POST',
      token: admin.token,
      json: { entry_ids: [reversal!.id] },
    });
    expect(again.status).toBe(200);
    const exact = (await (await t.request('/nodes/yank-me/install?version=1.1.0')).json()) as { yanked_reason: string };
    expect(exact.yanked_reason).toBe('malware report under review');
    expect(await latest()).toBe('1.0.0');
  });
});
