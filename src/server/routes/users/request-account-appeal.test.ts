import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { banAppeals } from '../../db/schema/index.ts';

interface Me {
  ban?: {
    reason: string | null;
    banned_at: string;
    appeal: { status: string; message: string; response: string | null } | null;
  };
}

describe('a banned account: GET /users tells it why, POST /users/ban-appeal asks for another look', () => {
  let t: TestApp;
  let who: AdminActors;
  let banned: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    banned = await signedIn(t);
  });
  afterAll(() => t.close());

  const me = async (actor: Actor) => (await (await t.request('/users', { token: actor.token })).json()) as Me;
  const appeal = (actor: Actor, message: unknown) =>
    t.request('/users/ban-appeal', { method: 'POST', token: actor.token, json: { message } });
  const setStatus = (actor: Actor, status: string, reason?: string) =>
    t.request(`/admin/users/${actor.user.id}`, {
      method: 'PUT',
      token: who.admin.token,
      json: { status, ...(reason ? { reason } : {}) },
    });

  it('has nothing to appeal while active (409 appeal_not_applicable) and no ban to show', async () => {
    expect(await me(banned)).not.toHaveProperty('ban');
    const refused = await appeal(banned, 'Please unban me.');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'appeal_not_applicable' });
    expect((await t.request('/users/ban-appeal', { method: 'POST', json: { message: 'x' } })).status).toBe(401);
  });

  it('shows a ban’s reason and date to the banned account itself', async () => {
    expect((await setStatus(banned, 'UserStatusBanned', 'Posted malware links in reviews.')).status).toBe(200);
    const { ban } = await me(banned);
    expect(ban).toMatchObject({ reason: 'Posted malware links in reviews.', appeal: null });
    expect(Date.parse(ban!.banned_at)).not.toBeNaN();
  });

  it('takes one appeal with a message (400 without), audited, shown to the account as open', async () => {
    expect((await appeal(banned, '   ')).status).toBe(400);
    expect((await appeal(banned, 'x'.repeat(2001))).status).toBe(400);
    const sent = await appeal(banned, '  Those links were to my own repository.  ');
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ status: 'open', message: 'Those links were to my own repository.' });
    expect((await me(banned)).ban?.appeal).toMatchObject({ status: 'open', response: null });
    const again = await appeal(banned, 'Hello?');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'appeal_already_open' });
    const audit = await auditRows(t, 'user', banned.user.id);
    expect(audit.at(-1)).toMatchObject({ action: 'ban_appeal.request', actorUserId: banned.user.id });
  });

  it('lifting the ban answers the appeal as lifted, with the admin’s words; a new ban starts without one', async () => {
    expect((await setStatus(banned, 'UserStatusActive', 'Checked: the links were fine.')).status).toBe(200);
    expect(await me(banned)).not.toHaveProperty('ban');
    const [row] = await t.services.db.select().from(banAppeals).where(eq(banAppeals.requestedByUserId, banned.user.id));
    expect(row).toMatchObject({
      decision: 'lifted',
      response: 'Checked: the links were fine.',
      decidedByUserId: who.admin.user.id,
    });
    expect((await setStatus(banned, 'UserStatusBanned', 'Spam again.')).status).toBe(200);
    expect((await me(banned)).ban).toMatchObject({ reason: 'Spam again.', appeal: null });
  });
});
