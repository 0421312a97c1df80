import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '#test/authz/actors.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ensureUnclaimedPublisher } from '../../services/publishers/unclaimed.ts';

describe('GET /publishers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists active publishers by id, without banned ones, the placeholder or members', async () => {
    const owner = await signedIn(t);
    await insertPublisher(t.services.db, { id: 'zeta', name: 'Zeta', owner: owner.user });
    await insertPublisher(t.services.db, { id: 'alpha', name: 'Alpha', website: 'https://alpha.example' });
    await insertPublisher(t.services.db, { id: 'banned-pub', status: 'PublisherStatusBanned' });
    await ensureUnclaimedPublisher(t.services.db);

    const response = await t.request('/publishers', { token: owner.token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.map((p: { id: string }) => p.id)).toEqual(['alpha', 'zeta']);
    expect(body[0]).toMatchObject({ id: 'alpha', name: 'Alpha', website: 'https://alpha.example' });
    expect(body[1].members).toBeUndefined();
  });

  it('is public', async () => {
    const response = await t.request('/publishers');
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});
