import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { auditRows } from '#test/routes/admin.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

interface Ban {
  reason: string | null;
  banned_at: string;
  appeal: { status: string; response: string | null } | null;
}

describe('a banned publisher: its members read why, its owners appeal (POST /publishers/{id}/ban-appeal)', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const path = () => `/publishers/${s.publisher.id}`;
  const appeal = (token: string | undefined, message: unknown = 'We removed the script.') =>
    t.request(`${path()}/ban-appeal`, { method: 'POST', ...(token ? { token } : {}), json: { message } });
  const admin = (suffix: string, json?: unknown) =>
    t.request(`${path()}/${suffix}`, { method: 'POST', token: s.admin.token, ...(json ? { json } : {}) });
  const ban = async (token: string, url: string) =>
    ((await (await t.request(url, { token })).json()) as { ban?: Ban }).ban;

  it('a publisher that is not banned has nothing to appeal (409 appeal_not_applicable)', async () => {
    const refused = await appeal(s.owner.token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'appeal_not_applicable' });
  });

  it('shows the ban’s reason and date to members (publisher and own-publisher lists, GET /users), not to others', async () => {
    expect((await admin('ban', { reason: 'Packs download and run a remote script.' })).status).toBe(204);
    const forOwner = await ban(s.owner.token, path());
    expect(forOwner).toMatchObject({ reason: 'Packs download and run a remote script.', appeal: null });
    expect(Date.parse(forOwner!.banned_at)).not.toBeNaN();
    expect(await ban(s.member.token, path())).toMatchObject({ reason: 'Packs download and run a remote script.' });
    expect(await ban(s.admin.token, path())).toMatchObject({ reason: 'Packs download and run a remote script.' });
    expect(await ban(s.stranger.token, path())).toBeUndefined();
    expect(((await (await t.request(path())).json()) as { ban?: Ban }).ban).toBeUndefined();

    const mine = (await (await t.request('/users/publishers', { token: s.member.token })).json()) as {
      id: string;
      ban?: Ban;
    }[];
    expect(mine.find((p) => p.id === s.publisher.id)?.ban?.reason).toBe('Packs download and run a remote script.');
    const me = (await (await t.request('/users', { token: s.member.token })).json()) as {
      banned_publishers: { id: string; role: string; ban: Ban }[];
    };
    expect(me.banned_publishers).toEqual([
      expect.objectContaining({
        id: s.publisher.id,
        role: 'member',
        ban: expect.objectContaining({ reason: 'Packs download and run a remote script.' }),
      }),
    ]);
  });

  it('tells a member why they cannot edit (permissions: reason publisher_banned, role member)', async () => {
    const response = await t.request(`${path()}/permissions`, { token: s.owner.token });
    expect(await response.json()).toEqual({ canEdit: false, role: 'owner', reason: 'publisher_banned' });
  });

  it('lets only its owners appeal, once at a time, audited', async () => {
    expect((await appeal(undefined)).status).toBe(401);
    const byMember = await appeal(s.member.token);
    expect(byMember.status).toBe(403);
    expect(await byMember.json()).toMatchObject({ error: 'owner_required' });
    expect((await appeal(s.stranger.token)).status).toBe(403);
    expect((await appeal(s.admin.token)).status).toBe(403);
    expect((await appeal(s.owner.token, '')).status).toBe(400);

    const sent = await appeal(s.owner.token);
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ status: 'open', message: 'We removed the script.' });
    expect((await ban(s.owner.token, path()))?.appeal).toMatchObject({ status: 'open' });
    const again = await appeal(s.owner.token);
    expect(await again.json()).toMatchObject({ error: 'appeal_already_open' });
    expect((await auditRows(t, 'publisher', s.publisher.id)).at(-1)).toMatchObject({
      action: 'ban_appeal.request',
      actorUserId: s.owner.user.id,
    });
  });

  it('an unban answers the appeal as lifted; the publisher then shows no ban', async () => {
    expect((await admin('unban', { reason: 'The new version is clean.' })).status).toBe(204);
    expect(await ban(s.owner.token, path())).toBeUndefined();
    expect((await admin('ban', { reason: 'Again.' })).status).toBe(204);
    // A new ban starts without an appeal; the old one was answered.
    expect(await ban(s.owner.token, path())).toMatchObject({ reason: 'Again.', appeal: null });
  });
});
