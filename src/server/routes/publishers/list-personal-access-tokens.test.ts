import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '#test/authz/actors.ts';
import { insertToken } from '#test/factories.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /publishers/{publisherId}/tokens', () => {
  let t: TestApp;
  let s: PublisherScene;
  let secrets: { token: string; hash: string }[];
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    const older = await insertToken(t.services.db, s.publisher, {
      name: 'laptop',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    });
    const newer = await insertToken(t.services.db, s.publisher, {
      name: 'ci',
      description: 'GitHub Actions',
      createdAt: new Date('2026-02-01T00:00:00Z'),
      lastUsedAt: new Date('2026-02-02T00:00:00Z'),
    });
    secrets = [older, newer].map(({ token, row }) => ({ token, hash: row.tokenHash }));
  });
  afterAll(() => t.close());

  const list = (token?: string, publisherId = s.publisher.id) =>
    t.request(`/publishers/${publisherId}/tokens`, token ? { token } : {});

  it('lists the tokens newest first for the owner, never with the secret or its hash', async () => {
    const response = await list(s.owner.token);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const { token, hash } of secrets) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(hash);
    }
    const body = JSON.parse(text);
    expect(body).toEqual([
      {
        id: expect.any(String),
        name: 'ci',
        description: 'GitHub Actions',
        createdAt: '2026-02-01T00:00:00.000Z',
        lastUsedAt: '2026-02-02T00:00:00.000Z',
        displayPrefix: expect.stringMatching(/^nyd_pat_.{4}$/),
      },
      {
        id: expect.any(String),
        name: 'laptop',
        description: '',
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2027-01-01T00:00:00.000Z',
        displayPrefix: expect.stringMatching(/^nyd_pat_/),
      },
    ]);
  });

  it('shows admins, answers an empty list for a publisher without tokens', async () => {
    expect((await (await list(s.admin.token)).json()).length).toBe(2);
    const empty = await insertPublisher(t.services.db, { owner: s.owner.user });
    expect(await (await list(s.owner.token, empty.id)).json()).toEqual([]);
  });

  it('lets a banned owner still read (it is not a write)', async () => {
    const banned = await signedIn(t, { banned: true });
    const own = await insertPublisher(t.services.db, { owner: banned.user });
    expect((await list(banned.token, own.id)).status).toBe(200);
  });

  it('refuses anonymous (401), members and strangers (403); 404 for unknown publishers', async () => {
    expect((await list()).status).toBe(401);
    expect((await list(s.member.token)).status).toBe(403);
    expect((await list(s.stranger.token)).status).toBe(403);
    expect((await list(s.owner.token, 'nobody-here')).status).toBe(404);
  });
});
