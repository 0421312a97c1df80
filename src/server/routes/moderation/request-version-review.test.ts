import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { signUp, uniqueEmail, type EmulatorUser } from '#test/firebase-emulator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { NodeVersionRow, PublisherRow } from '../../db/rows.ts';
import { auditLog, nodeVersions, versionReviewRequests } from '../../db/schema/index.ts';

describe('POST …/versions/{version}/review-requests', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let owner: EmulatorUser;
  let member: EmulatorUser;
  let stranger: EmulatorUser;
  let admin: EmulatorUser;
  let flagged: NodeVersionRow;
  const path = (version: string) => `/publishers/${publisher.id}/nodes/held/versions/${version}/review-requests`;
  const post = (version: string, token: string | undefined, message: unknown = 'It only decodes a logo.') =>
    t.request(path(version), { method: 'POST', ...(token ? { token } : {}), json: { message } });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, member, stranger, admin] = (await Promise.all(
      [1, 2, 3, 4].map((i) => signUp({ email: uniqueEmail(`rr${i}`), emailVerified: true })),
    )) as [EmulatorUser, EmulatorUser, EmulatorUser, EmulatorUser];
    const ownerRow = await insertUser(t.services.db, { id: owner.uid, email: owner.email });
    const memberRow = await insertUser(t.services.db, { id: member.uid, email: member.email });
    await insertUser(t.services.db, { id: stranger.uid, email: stranger.email });
    await insertUser(t.services.db, { id: admin.uid, email: admin.email, isAdmin: true });
    publisher = await insertPublisher(t.services.db, { owner: ownerRow, members: [memberRow] });
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'held' });
    await insertVersion(t.services.db, { nodeId: 'held', version: '1.0.0' });
    flagged = await insertVersion(t.services.db, {
      nodeId: 'held',
      version: '1.1.0',
      status: 'NodeVersionStatusFlagged',
      statusReason: 'Flagged by the automated scan',
    });
  });
  afterAll(() => t.close());

  it('refuses anonymous callers, strangers and admins without a role', async () => {
    expect((await post('1.1.0', undefined)).status).toBe(401);
    expect((await post('1.1.0', stranger.idToken)).status).toBe(403);
    const byAdmin = await post('1.1.0', admin.idToken);
    expect(byAdmin.status).toBe(403);
    expect(await byAdmin.json()).toMatchObject({ error: 'not_a_member' });
  });

  it('needs a message (400) and a held version (409 review_not_applicable)', async () => {
    expect((await post('1.1.0', member.idToken, '   ')).status).toBe(400);
    expect((await post('1.1.0', member.idToken, 'x'.repeat(2001))).status).toBe(400);
    const active = await post('1.0.0', member.idToken);
    expect(active.status).toBe(409);
    expect(await active.json()).toMatchObject({ error: 'review_not_applicable' });
    expect((await post('9.9.9', member.idToken)).status).toBe(404);
  });

  it('records a member’s request with an audit row, shows it with the findings, once while open', async () => {
    const created = await post('1.1.0', member.idToken, '  It only decodes a bundled logo.  ');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ message: 'It only decodes a bundled logo.', open: true });

    const rows = await t.services.db
      .select()
      .from(versionReviewRequests)
      .where(eq(versionReviewRequests.nodeVersionId, flagged.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.requestedByUserId).toBe(member.uid);
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'node_version.review_request'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: member.uid, targetId: flagged.id });

    const again = await post('1.1.0', owner.idToken);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'review_already_requested' });

    const findings = await t.request(path('1.1.0').replace('/review-requests', '/findings'), { token: owner.idToken });
    expect(await findings.json()).toMatchObject({
      review_request: { message: 'It only decodes a bundled logo.', open: true },
    });
  });

  it('puts the open request in the admins’ review queue; a decision closes it', async () => {
    const queue = await t.request('/admin/review-queue', { token: admin.idToken });
    const items = ((await queue.json()) as { items: { version: { id: string }; review_request: unknown }[] }).items;
    expect(items.find((i) => i.version.id === flagged.id)?.review_request).toMatchObject({
      message: 'It only decodes a bundled logo.',
      requested_by: member.uid,
    });

    const decided = await t.request('/admin/versions/batch', {
      method: 'POST',
      token: admin.idToken,
      json: { action: 'ban', reason: 'Still decodes and runs code.', version_ids: [flagged.id] },
    });
    expect(decided.status).toBe(200);
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, flagged.id));
    expect(row!.status).toBe('NodeVersionStatusBanned');

    const after = await t.request(path('1.1.0').replace('/review-requests', '/findings'), { token: owner.idToken });
    expect(await after.json()).toMatchObject({
      status: 'NodeVersionStatusBanned',
      reason: { source: 'moderator', text: 'Still decodes and runs code.' },
      review_request: { open: false },
    });
    // Answered, so the publisher may ask again about the banned version.
    expect((await post('1.1.0', owner.idToken, 'The decoder is gone in 1.2.0.')).status).toBe(201);
  });
});
