import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene } from '#test/authz/scene.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A deleted publisher's id stays reserved: nobody else may register it (services/publishers/retired-ids.ts).

describe('the id of a deleted publisher', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (id: string, token: string) =>
    t.request('/publishers', { method: 'POST', token, json: { id, name: 'Again' } });
  const validate = (id: string, token?: string) =>
    t.request(`/publishers/validate?username=${id}`, token ? { token } : {});

  /** A publisher of a fresh scene, deleted by its owner (or by an admin). */
  async function deletedPublisher(by: 'owner' | 'admin' = 'owner') {
    const s = await publisherScene(t, { id: `gone-${randomBytes(4).toString('hex')}` });
    const response = await t.request(`/publishers/${s.publisher.id}`, { method: 'DELETE', token: s[by].token });
    expect(response.status).toBe(204);
    return s;
  }

  it('cannot be registered by someone else: 400 publisher_id_retired, and validate says so', async () => {
    const s = await deletedPublisher();
    for (const actor of [s.stranger, s.member, s.admin]) {
      const response = await create(s.publisher.id, actor.token);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'publisher_id_retired',
        message: `The publisher id "${s.publisher.id}" belonged to a deleted publisher and stays reserved. Choose another one.`,
      });
    }
    for (const token of [undefined, s.stranger.token]) {
      expect(await (await validate(s.publisher.id, token)).json()).toMatchObject({
        isAvailable: false,
        error: 'publisher_id_retired',
      });
    }
  });

  it('may be created again by an owner it had when deleted, and then belongs to them again', async () => {
    const s = await deletedPublisher('admin');
    expect(await (await validate(s.publisher.id, s.owner.token)).json()).toEqual({ isAvailable: true });
    const response = await create(s.publisher.id, s.owner.token);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      id: s.publisher.id,
      members: [{ role: 'owner', user: { id: s.owner.user.id } }],
    });
  });

  it('is retired again with its new owners when deleted a second time', async () => {
    const s = await deletedPublisher();
    expect((await create(s.publisher.id, s.owner.token)).status).toBe(201);
    const second = await t.request(`/publishers/${s.publisher.id}`, { method: 'DELETE', token: s.owner.token });
    expect(second.status).toBe(204);
    expect((await create(s.publisher.id, s.stranger.token)).status).toBe(400);
    expect((await create(s.publisher.id, s.owner.token)).status).toBe(201);
  });
});
