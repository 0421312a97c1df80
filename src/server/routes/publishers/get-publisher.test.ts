import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /publishers/{publisherId}', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t, { description: 'We make nodes' });
  });
  afterAll(() => t.close());

  const get = (token?: string, id = s.publisher.id) =>
    t
      .request(`/publishers/${id}`, token ? { token } : {})
      .then(async (r) => ({ status: r.status, body: await r.json() }));

  it('shows the publisher to anyone, without members', async () => {
    for (const token of [undefined, s.stranger.token, s.member.token, 'not-a-jwt']) {
      const { status, body } = await get(token);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: s.publisher.id, name: 'Test Publisher', description: 'We make nodes' });
      expect(body.members).toBeUndefined();
    }
  });

  it('shows members with e-mails to owners and admins only', async () => {
    for (const token of [s.owner.token, s.admin.token]) {
      const { body } = await get(token);
      expect(body.members).toHaveLength(2);
      expect(body.members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ role: 'owner', user: expect.objectContaining({ email: s.owner.user.email }) }),
          expect.objectContaining({ role: 'member', user: expect.objectContaining({ id: s.member.user.id }) }),
        ]),
      );
    }
  });

  it('finds a publisher whatever the case of the path, and 404s unknown ones', async () => {
    expect((await get(undefined, s.publisher.id.toUpperCase())).status).toBe(200);
    const missing = await get(undefined, 'no-such-publisher');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not_found' });
  });
});
