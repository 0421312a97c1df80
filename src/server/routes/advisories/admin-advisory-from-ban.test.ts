import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';
import { seedNode, type SeededNode } from '#test/routes/node-read-fixtures.ts';

describe('POST /admin/advisories/from-ban', () => {
  let t: TestApp;
  let who: AdminActors;
  let miner: SeededNode;
  const fromBan = (json: unknown) =>
    t.request('/admin/advisories/from-ban', { method: 'POST', token: who.admin.token, json });

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(new Date('2026-11-21T08:00:00Z')) });
    who = await adminActors(t);
    miner = await seedNode(t.services.db, { id: 'gpu-miner', versions: [{ version: '1.0.0' }, { version: '1.1.0' }] });
    await seedNode(t.services.db, { id: 'clean-pack', versions: [{ version: '1.0.0' }] });
  });
  afterAll(() => t.close());

  it('after a malware ban of a version: one click publishes a prefilled CRITICAL malware advisory, audited', async () => {
    const ban = await t.request('/admin/nodes/gpu-miner/versions/1.1.0', {
      method: 'PUT',
      token: who.admin.token,
      json: { status: 'NodeVersionStatusBanned', status_reason: 'malware: runs a Monero miner on import' },
    });
    expect(ban.status).toBe(200);
    // What the ban offers: the prefilled draft, nothing published yet.
    const offer = await t.request('/admin/advisories/from-ban?node_id=gpu-miner&version=1.1.0', {
      token: who.admin.token,
    });
    expect(offer.status).toBe(200);
    expect(await offer.json()).toEqual({
      draft: expect.objectContaining({
        summary: 'Malicious code in gpu-miner 1.1.0',
        severity: 'CRITICAL',
        kind: 'malware',
        affected: [{ ecosystem: 'Nodeyard', package: 'gpu-miner', ranges: [], versions: ['1.1.0'] }],
      }),
    });
    expect((await (await t.request('/advisories')).json()).advisories).toEqual([]);
    const response = await fromBan({ node_id: 'GPU-Miner', version: 'v1.1' });
    expect(response.status).toBe(201);
    const doc = await response.json();
    expect(doc).toMatchObject({
      id: 'NYSA-2026-0001',
      summary: 'Malicious code in gpu-miner 1.1.0',
      affected: [{ package: { ecosystem: 'Nodeyard', name: 'gpu-miner' }, versions: ['1.1.0'] }],
      database_specific: { severity: 'CRITICAL', kind: 'malware' },
    });
    expect(doc.details).toContain('runs a Monero miner on import');
    const [audit] = await auditRows(t, 'advisory', doc.id);
    expect(audit).toMatchObject({ action: 'advisory.from_ban', actorUserId: who.admin.user.id });
    expect(audit!.after).toMatchObject({ from_ban: { node_id: 'gpu-miner', version: '1.1.0' } });
    // A second click answers the same advisory instead of a duplicate.
    const again = await fromBan({ node_id: 'gpu-miner', version: '1.1.0' });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(doc.id);
    const offered = await t.request('/admin/advisories/from-ban?node_id=gpu-miner&version=1.1.0', {
      token: who.admin.token,
    });
    expect((await offered.json()).existing).toMatchObject({ id: doc.id });
  });

  it('a banned pack: every version affected (introduced 0)', async () => {
    await t.request(`/publishers/${miner.publisher.id}/nodes/gpu-miner/ban`, {
      method: 'POST',
      token: who.admin.token,
      json: { reason: 'malware' },
    });
    const response = await fromBan({ node_id: 'gpu-miner', summary: 'GPU Miner is malware' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      id: 'NYSA-2026-0002',
      summary: 'GPU Miner is malware',
      affected: [{ ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] }],
    });
  });

  it('nothing banned: 409 advisory_needs_ban; unknown pack or version: 404', async () => {
    const notBanned = await fromBan({ node_id: 'clean-pack', version: '1.0.0' });
    expect(notBanned.status).toBe(409);
    expect((await notBanned.json()).error).toBe('advisory_needs_ban');
    expect((await fromBan({ node_id: 'clean-pack' })).status).toBe(409);
    expect((await fromBan({ node_id: 'nope' })).status).toBe(404);
    expect((await fromBan({ node_id: 'clean-pack', version: '9.9.9' })).status).toBe(404);
  });
});
