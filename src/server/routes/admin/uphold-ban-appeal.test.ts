import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { auditRows } from '#test/routes/admin.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

interface AppealList {
  total: number;
  appeals: {
    appeal: { id: string; status: string; message: string; response: string | null };
    appellant: { id: string; email: string | null };
    subject: { type: string; id: string; banned: boolean; ban_reason: string | null };
    decided_by: string | null;
  }[];
}

describe('GET /admin/ban-appeals and POST /admin/ban-appeals/{appealId}/uphold', () => {
  let t: TestApp;
  let s: PublisherScene;
  let account: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    account = await signedIn(t);
    const asAdmin = { method: 'POST' as const, token: s.admin.token };
    await t.request(`/publishers/${s.publisher.id}/ban`, { ...asAdmin, json: { reason: 'Remote script.' } });
    await t.request(`/admin/users/${account.user.id}`, {
      method: 'PUT',
      token: s.admin.token,
      json: { status: 'UserStatusBanned', reason: 'Spam.' },
    });
    await t.request(`/publishers/${s.publisher.id}/ban-appeal`, {
      method: 'POST',
      token: s.owner.token,
      json: { message: 'We removed it.' },
    });
    await t.request('/users/ban-appeal', { method: 'POST', token: account.token, json: { message: 'Not spam.' } });
  });
  afterAll(() => t.close());

  const list = async (status?: string) =>
    (await (
      await t.request(`/admin/ban-appeals${status ? `?status=${status}` : ''}`, { token: s.admin.token })
    ).json()) as AppealList;
  const uphold = (id: string, json: unknown, token = s.admin.token) =>
    t.request(`/admin/ban-appeals/${id}/uphold`, { method: 'POST', token, json });

  it('lists open appeals oldest first, each with its ban and who appealed', async () => {
    const open = await list();
    expect(open.total).toBe(2);
    expect(open.appeals.map((a) => [a.subject.type, a.subject.id, a.subject.ban_reason, a.appeal.message])).toEqual([
      ['publisher', s.publisher.id, 'Remote script.', 'We removed it.'],
      ['user', account.user.id, 'Spam.', 'Not spam.'],
    ]);
    expect(open.appeals[0]!.appellant).toMatchObject({ id: s.owner.user.id, email: s.owner.user.email });
    expect((await list('closed')).total).toBe(0);
    expect((await t.request('/admin/ban-appeals?status=maybe', { token: s.admin.token })).status).toBe(400);
  });

  it('keeps a ban with a required answer the appellant reads; answering twice is 409 appeal_closed', async () => {
    const [first] = (await list()).appeals;
    expect((await uphold(first!.appeal.id, { response: '  ' })).status).toBe(400);
    expect((await uphold(first!.appeal.id, { response: 'Keep.' }, s.owner.token)).status).toBe(403);
    expect((await uphold('not-a-uuid', { response: 'Keep.' })).status).toBe(400);
    const kept = await uphold(first!.appeal.id, { response: 'The script is still in 1.2.0.' });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ status: 'upheld', response: 'The script is still in 1.2.0.' });
    const again = await uphold(first!.appeal.id, { response: 'Again.' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'appeal_closed' });

    const publisher = (await (await t.request(`/publishers/${s.publisher.id}`, { token: s.owner.token })).json()) as {
      status: string;
      ban: { appeal: { status: string; response: string } };
    };
    expect(publisher.status).toBe('PublisherStatusBanned');
    expect(publisher.ban.appeal).toMatchObject({ status: 'upheld', response: 'The script is still in 1.2.0.' });
    expect((await auditRows(t, 'publisher', s.publisher.id)).at(-1)).toMatchObject({
      action: 'ban_appeal.uphold',
      actorUserId: s.admin.user.id,
    });
    const closed = await list('closed');
    expect(closed.appeals).toEqual([
      expect.objectContaining({ decided_by: s.admin.user.email, subject: expect.objectContaining({ banned: true }) }),
    ]);
    expect((await list()).total).toBe(1);
    // An upheld appeal leaves room for a new one.
    const next = await t.request(`/publishers/${s.publisher.id}/ban-appeal`, {
      method: 'POST',
      token: s.owner.token,
      json: { message: 'Version 1.3.0 drops it.' },
    });
    expect(next.status).toBe(201);
  });

  it('answers 404 for an unknown appeal', async () => {
    expect((await uphold('00000000-0000-4000-8000-000000000000', { response: 'x' })).status).toBe(404);
  });
});
