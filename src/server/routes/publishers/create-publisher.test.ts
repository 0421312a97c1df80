import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '#test/authz/actors.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, publisherPermissions } from '../../db/schema/index.ts';

let seq = 0;
const freshId = () => `pub-${Date.now().toString(36)}-${(seq += 1)}`;

describe('POST /publishers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    const response = await t.request('/publishers', { method: 'POST', json: { id: freshId(), name: 'X' } });
    expect(response.status).toBe(401);
  });

  it('creates the publisher with the caller as owner, and logs it', async () => {
    const owner = await signedIn(t, { displayName: 'Ada' });
    const id = freshId();
    const response = await t.request('/publishers', {
      method: 'POST',
      token: owner.token,
      json: {
        id,
        name: '  Ada Labs ',
        website: 'https://ada.example',
        support: 'help@ada.example',
        status: 'PublisherStatusBanned',
        surprise: 'ignored',
      },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      id,
      name: 'Ada Labs',
      website: 'https://ada.example',
      support: 'help@ada.example',
      status: 'PublisherStatusActive',
      members: [{ role: 'owner', user: { id: owner.user.id, name: 'Ada', email: owner.user.email } }],
    });
    const [permission] = await t.services.db
      .select()
      .from(publisherPermissions)
      .where(eq(publisherPermissions.publisherId, id));
    expect(permission).toMatchObject({ userId: owner.user.id, role: 'owner' });
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'publisher.create'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ actorUserId: owner.user.id, actorKind: 'user', targetType: 'publisher' });
  });

  it('explains the id rule, refuses reserved ids and bad URLs', async () => {
    const user = await signedIn(t);
    const bad = await t.request('/publishers', { method: 'POST', token: user.token, json: { id: 'Ab', name: 'x' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('3 to 40 characters');

    const reserved = await t.request('/publishers', {
      method: 'POST',
      token: user.token,
      json: { id: 'comfyui', name: 'x' },
    });
    expect(reserved.status).toBe(400);
    expect((await reserved.json()).message).toContain('reserved');

    const urls = await t.request('/publishers', {
      method: 'POST',
      token: user.token,
      json: { id: freshId(), name: 'x', website: 'javascript:alert(1)', support: 'nope', logo: 'ftp://x/y.png' },
    });
    expect(urls.status).toBe(400);
    const details = (await urls.json()).details.map((d: { path: string }) => d.path);
    expect(details).toEqual(expect.arrayContaining(['website', 'support', 'logo']));

    const noName = await t.request('/publishers', { method: 'POST', token: user.token, json: { id: freshId() } });
    expect(noName.status).toBe(400);
  });

  it('answers 400 for a taken id', async () => {
    const user = await signedIn(t);
    const existing = await insertPublisher(t.services.db, { id: freshId() });
    const response = await t.request('/publishers', {
      method: 'POST',
      token: user.token,
      json: { id: existing.id, name: 'Mine' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'publisher_id_taken' });
  });

  it('refuses a banned user with 403', async () => {
    const banned = await signedIn(t, { banned: true });
    const response = await t.request('/publishers', {
      method: 'POST',
      token: banned.token,
      json: { id: freshId(), name: 'x' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'user_banned' });
  });

  it('stops at 5 owned publishers per user (403), but not for admins', async () => {
    const user = await signedIn(t);
    const admin = await signedIn(t, { admin: true });
    for (let i = 0; i < 5; i += 1) {
      await insertPublisher(t.services.db, { owner: user.user });
      await insertPublisher(t.services.db, { owner: admin.user });
    }
    const refused = await t.request('/publishers', {
      method: 'POST',
      token: user.token,
      json: { id: freshId(), name: 'sixth' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'publisher_limit_reached',
      message: expect.stringContaining('5'),
    });
    const allowed = await t.request('/publishers', {
      method: 'POST',
      token: admin.token,
      json: { id: freshId(), name: 'sixth' },
    });
    expect(allowed.status).toBe(201);
  });
});
