import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  auditLog,
  nodeVersions,
  packReports,
  users,
  webhookEndpoints,
  webhookEvents,
} from '../../src/server/db/schema/index.ts';
import { encryptEndpointSecret } from '../../src/server/services/webhooks/endpoint-secret.ts';
import { QUARANTINE_REPORTS_PER_DAY } from '../../src/server/services/quarantine/quarantine-rules.ts';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

// Issue 30 item 5 end to end over HTTP: an admin marks reporters trusted; their reports quarantine a pack's
// latest version in the report's own transaction (so the very next install is refused); the triage queue
// puts it first; an admin releases or bans it, and can undo either. In tests/api so that it also runs on
// PostgreSQL (the rules' per-pack advisory lock and the triage queue's subquery are SQL).

const HOUR = 60 * 60 * 1000;

describe('quarantine from trusted reports', () => {
  let t: TestApp;
  let admin: Actor;
  let trusted: Actor;
  let plain: Actor;
  let other: Actor;
  const clock = fixedClock();
  const ago = (ms: number) => new Date(clock.now().getTime() - ms);
  const report = (nodeId: string, actor: Actor, json: Record<string, unknown> = { reason: 'malware' }) =>
    t.request(`/nodes/${nodeId}/reports`, { method: 'POST', json, token: actor.token });
  const install = (nodeId: string, version?: string) =>
    t.request(`/nodes/${nodeId}/install${version ? `?version=${version}` : ''}`);
  const decide = (nodeId: string, version: string, json: unknown, actor: Actor = admin) =>
    t.request(`/admin/nodes/${nodeId}/versions/${version}/quarantine`, { method: 'POST', json, token: actor.token });
  const setTrusted = (actor: Actor, isTrustedReporter: boolean, by: Actor = admin) =>
    t.request(`/admin/users/${actor.user.id}`, { method: 'PUT', json: { isTrustedReporter }, token: by.token });
  const undo = (entryId: number) =>
    t.request('/admin/undo', { method: 'POST', json: { entry_ids: [entryId] }, token: admin.token });
  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
  const quarantineAudits = (nodeId: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.quarantine'), eq(auditLog.targetType, 'node_version')))
      .then((rows) => rows.filter((row) => (row.after as { node_id: string }).node_id === nodeId));

  /** A new trusted reporter with a whole day's quota (each test that quarantines spends some). */
  const trustedReporter = async () => {
    const actor = await signedIn(t);
    expect((await setTrusted(actor, true)).status).toBe(200);
    return actor;
  };

  /** A pack whose first version was published `age` ago, with versions 1.0.0 and (when `two`) 1.1.0. */
  const seedPack = (id: string, age: number, two = false) =>
    seedNode(t.services.db, {
      id,
      versions: [
        { version: '1.0.0', createdAt: ago(age) },
        ...(two ? [{ version: '1.1.0', createdAt: ago(age / 2) }] : []),
      ],
    });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    [admin, trusted, plain, other] = await Promise.all([
      signedIn(t, { admin: true }),
      signedIn(t),
      signedIn(t),
      signedIn(t),
    ]);
    const [freshMiner] = await Promise.all([
      seedPack('fresh-miner', HOUR),
      seedPack('old-upscaler', 72 * HOUR, true),
      seedPack('old-lonely', 72 * HOUR),
      seedPack('old-crowd', 72 * HOUR),
      seedPack('fresh-released', 2 * HOUR),
      seedPack('fresh-banned', 2 * HOUR),
    ]);
    // The owners listen for quarantines (events are recorded only for a publisher with such an endpoint).
    const endpointId = randomUUID();
    await t.services.db.insert(webhookEndpoints).values({
      id: endpointId,
      publisherId: freshMiner.publisher.id,
      url: 'https://hooks.example.com/nodeyard',
      events: ['version.quarantined'],
      secretCiphertext: encryptEndpointSecret('whsec_quarantine', endpointId, t.services.config.signingSecret),
      secretPrefix: 'whsec_qu',
    });
  });
  afterAll(() => t.close());

  it('lets only admins mark a reporter trusted, audited, and revoke or undo it', async () => {
    expect((await setTrusted(trusted, true, plain)).status).toBe(403);
    expect(
      (await t.request(`/admin/users/${trusted.user.id}`, { method: 'PUT', json: { isTrustedReporter: true } })).status,
    ).toBe(401);
    const marked = await setTrusted(trusted, true);
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({ isTrustedReporter: true });
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.admin_update'), eq(auditLog.targetId, trusted.user.id)));
    expect(entry).toMatchObject({ before: { isTrustedReporter: false }, after: { isTrustedReporter: true } });
    // Undo takes it back; marking again restores it (revocable both ways).
    expect((await undo(entry!.id)).status).toBe(200);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, trusted.user.id));
    expect(row!.isTrustedReporter).toBe(false);
    expect((await setTrusted(trusted, true)).status).toBe(200);
    expect((await setTrusted(trusted, 'yes' as unknown as boolean)).status).toBe(400);
  });

  it('quarantines a pack first published under 24 h ago on one trusted report, at once', async () => {
    expect((await install('fresh-miner')).status).toBe(200);
    expect((await report('fresh-miner', trusted)).status).toBe(201);
    // The report's own transaction quarantined it: the very next request is refused, exact pins included.
    for (const response of [
      await install('fresh-miner'),
      await install('fresh-miner', '1.0.0'),
      await t.request('/archives/fresh-miner/1.0.0/node.zip'),
    ]) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toBe('quarantined');
    }
    // Out of "latest" like a yanked version.
    const node = (await (await t.request('/nodes/fresh-miner')).json()) as Record<string, unknown>;
    expect(node['latest_version']).toBeUndefined();
    const [audit] = await quarantineAudits('fresh-miner');
    expect(audit).toMatchObject({
      actorKind: 'system',
      before: { quarantined: false },
      after: { quarantined: true, rule: 'trusted_report_new_pack', version: '1.0.0' },
    });
    // The owners' webhook event, without the reporter.
    const events = await t.services.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'version.quarantined'));
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ node_id: 'fresh-miner', version: '1.0.0', rule: 'trusted_report_new_pack' }),
    ]);
    expect(JSON.stringify(events)).not.toContain(trusted.user.id);
  });

  it('needs a second, distinct reporter on an older pack, and then falls back to the previous version', async () => {
    expect((await report('old-upscaler', trusted)).status).toBe(201);
    expect((await report('old-upscaler', trusted, { reason: 'malware', version: '1.1.0' })).status).toBe(201);
    // One reporter twice is still one reporter.
    expect(await (await install('old-upscaler')).json()).toMatchObject({ version: '1.1.0' });
    expect((await report('old-upscaler', plain)).status).toBe(201);
    expect(await (await install('old-upscaler')).json()).toMatchObject({ version: '1.0.0' });
    const pinned = await install('old-upscaler', '1.1.0');
    expect(pinned.status).toBe(403);
    expect(await errorOf(pinned)).toBe('quarantined');
    const [audit] = await quarantineAudits('old-upscaler');
    expect(audit!.after).toMatchObject({ rule: 'two_reporters_one_trusted', version: '1.1.0' });
    // The signed index drops it: its download would be refused.
    const snapshot = JSON.parse(await (await t.request('/index/v1/snapshot')).text()) as {
      versions: Array<{ pack: string; version: string }>;
    };
    const listed = snapshot.versions.filter((entry) => entry.pack === 'old-upscaler').map((entry) => entry.version);
    expect(listed).toEqual(['1.0.0']);
  });

  it('never quarantines on reports of untrusted users alone, however many', async () => {
    expect((await report('old-crowd', plain)).status).toBe(201);
    expect((await report('old-crowd', other)).status).toBe(201);
    expect((await install('old-crowd')).status).toBe(200);
    expect(await quarantineAudits('old-crowd')).toHaveLength(0);
  });

  it('puts reports of a quarantined pack first in the triage queue', async () => {
    const response = await t.request('/admin/reports', { token: admin.token });
    const { reports } = (await response.json()) as {
      reports: Array<{ node_id: string; quarantined: { version: string } | null; reporter: { trusted: boolean } }>;
    };
    const firstPlain = reports.findIndex((entry) => entry.quarantined === null);
    expect(firstPlain).toBeGreaterThan(0);
    expect(reports.slice(0, firstPlain).every((entry) => entry.quarantined !== null)).toBe(true);
    expect(reports.slice(firstPlain).every((entry) => entry.quarantined === null)).toBe(true);
    expect(reports.find((entry) => entry.node_id === 'fresh-miner')).toMatchObject({
      quarantined: { version: '1.0.0' },
      reporter: { trusted: true },
    });
  });

  it('lets only admins decide, and only on a quarantined version', async () => {
    expect((await decide('fresh-miner', '1.0.0', { decision: 'release' }, plain)).status).toBe(403);
    expect(
      (
        await t.request('/admin/nodes/fresh-miner/versions/1.0.0/quarantine', {
          method: 'POST',
          json: { decision: 'release' },
        })
      ).status,
    ).toBe(401);
    const bad = await decide('fresh-miner', '1.0.0', { decision: 'forgive' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('decision must be release or ban');
    const notQuarantined = await decide('old-crowd', '1.0.0', { decision: 'release' });
    expect(notQuarantined.status).toBe(409);
    expect(await errorOf(notQuarantined)).toBe('not_quarantined');
    expect((await decide('fresh-miner', '9.9.9', { decision: 'release' })).status).toBe(404);
  });

  it('an admin release restores install for good; undo quarantines it again', async () => {
    // `trusted` spent the day's quota above (three counting reports): a fresh one.
    expect((await report('fresh-released', await trustedReporter())).status).toBe(201);
    expect((await install('fresh-released')).status).toBe(403);
    const released = await decide('fresh-released', '1.0.0', { decision: 'release', reason: 'false alarm' });
    expect(released.status).toBe(200);
    const { audit_entry_id: entryId } = (await released.json()) as { audit_entry_id: number };
    expect(await (await install('fresh-released')).json()).toMatchObject({ version: '1.0.0' });
    expect((await t.request('/archives/fresh-released/1.0.0/node.zip', { method: 'HEAD' })).status).toBe(200);
    // The decision stands: more reports do not quarantine a released version again.
    expect((await report('fresh-released', plain)).status).toBe(201);
    expect((await install('fresh-released')).status).toBe(200);
    expect((await undo(entryId)).status).toBe(200);
    expect(await errorOf(await install('fresh-released'))).toBe('quarantined');
    // A second decision after the undo: released again.
    expect((await decide('fresh-released', '1.0.0', { decision: 'release' })).status).toBe(200);
    expect((await install('fresh-released')).status).toBe(200);
  });

  it('an admin ban bans the version; undo puts it back in quarantine', async () => {
    expect((await report('fresh-banned', await trustedReporter())).status).toBe(201);
    const banned = await decide('fresh-banned', '1.0.0', { decision: 'ban', reason: 'stealer' });
    expect(banned.status).toBe(200);
    const { audit_entry_id: entryId } = (await banned.json()) as { audit_entry_id: number };
    const pinned = await install('fresh-banned', '1.0.0');
    expect(pinned.status).toBe(403);
    expect(await errorOf(pinned)).toBe('node_version_banned');
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, 'fresh-banned'));
    expect(row).toMatchObject({ status: 'NodeVersionStatusBanned', statusReason: 'stealer', quarantinedAt: null });
    expect((await undo(entryId)).status).toBe(200);
    expect(await errorOf(await install('fresh-banned', '1.0.0'))).toBe('quarantined');
    const [entry] = await t.services.db.select().from(auditLog).where(eq(auditLog.id, entryId));
    expect(entry).toMatchObject({
      action: 'version.quarantine_ban',
      before: { quarantined: true },
      after: { status: 'NodeVersionStatusBanned', quarantined: false },
    });
  });

  it(`counts at most ${QUARANTINE_REPORTS_PER_DAY} reports per reporter per day toward quarantine`, async () => {
    const eager = await trustedReporter();
    for (let i = 0; i < QUARANTINE_REPORTS_PER_DAY; i += 1) {
      expect((await report('old-lonely', eager, { reason: 'spam', details: `#${i}` })).status).toBe(201);
    }
    await seedPack('fresh-spared', HOUR);
    expect((await report('fresh-spared', eager)).status).toBe(201);
    // Filed and triaged, but spent: the new pack stays installable.
    expect((await install('fresh-spared')).status).toBe(200);
    const rows = await t.services.db.select().from(packReports).where(eq(packReports.reporterUserId, eager.user.id));
    expect(rows.filter((row) => row.canQuarantine)).toHaveLength(QUARANTINE_REPORTS_PER_DAY);
    // A day later the quota is back.
    clock.advance(24 * HOUR + 1);
    await seedPack('fresh-next-day', HOUR);
    expect((await report('fresh-next-day', eager)).status).toBe(201);
    expect(await errorOf(await install('fresh-next-day'))).toBe('quarantined');
  });

  it('stops quarantining on the reports of a reporter whose trust was revoked', async () => {
    const revoked = await trustedReporter();
    expect((await setTrusted(revoked, false)).status).toBe(200);
    await seedPack('fresh-after-revoke', HOUR);
    expect((await report('fresh-after-revoke', revoked)).status).toBe(201);
    expect((await install('fresh-after-revoke')).status).toBe(200);
  });
});
