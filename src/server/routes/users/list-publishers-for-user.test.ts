import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /users/publishers/', () => {
  let t: TestApp;
  let user: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedIn(t);
    const someoneElse = await signedIn(t);
    await insertPublisher(t.services.db, { id: 'mine-owned', owner: user.user });
    await insertPublisher(t.services.db, { id: 'also-member', owner: someoneElse.user, members: [user.user] });
    await insertPublisher(t.services.db, { id: 'banned-mine', owner: user.user, status: 'PublisherStatusBanned' });
    await insertPublisher(t.services.db, { id: 'not-mine', owner: someoneElse.user });
  });
  afterAll(() => t.close());

  it('lists the publishers where the user has any role, with and without the trailing slash', async () => {
    for (const path of ['/users/publishers/', '/users/publishers']) {
      const response = await t.request(path, { token: user.token });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.map((p: { id: string }) => p.id)).toEqual(['also-member', 'banned-mine', 'mine-owned']);
      expect(body[1]).toMatchObject({ status: 'PublisherStatusBanned' });
      expect(body[0].members).toBeUndefined();
    }
  });

  it('answers an empty list for a user without publishers', async () => {
    const loner = await signedIn(t);
    expect(await (await t.request('/users/publishers/', { token: loner.token })).json()).toEqual([]);
  });

  it('answers 401 without a valid token', async () => {
    expect((await t.request('/users/publishers/')).status).toBe(401);
    expect((await t.request('/users/publishers', { token: 'nyd_pat_not-a-firebase-token' })).status).toBe(401);
  });
});
