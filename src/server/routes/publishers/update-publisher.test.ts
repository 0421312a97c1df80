import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog } from '../../db/schema/index.ts';

describe('PUT /publishers/{publisherId}', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t, { website: 'https://old.example', logo: 'https://old.example/logo.png' });
  });
  afterAll(() => t.close());

  const put = (token: string | undefined, json: unknown, id = s.publisher.id) =>
    t.request(`/publishers/${id}`, { method: 'PUT', json, ...(token ? { token } : {}) });

  it('lets the owner edit the profile; empty strings clear; id and status never change', async () => {
    const response = await put(s.owner.token, {
      id: 'hijack',
      status: 'PublisherStatusBanned',
      name: 'New Name',
      description: 'Fresh',
      support: 'https://support.example/help',
      source_code_repo: 'https://github.com/acme/nodes',
      logo: '',
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      id: s.publisher.id,
      status: 'PublisherStatusActive',
      name: 'New Name',
      description: 'Fresh',
      website: 'https://old.example',
      support: 'https://support.example/help',
      source_code_repo: 'https://github.com/acme/nodes',
    });
    expect(body.logo).toBeUndefined();
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'publisher.update'), eq(auditLog.targetId, s.publisher.id)));
    expect(audit?.before).toMatchObject({ name: 'Test Publisher' });
    expect(audit?.after).toMatchObject({ name: 'New Name' });
  });

  it('validates URLs and e-mails', async () => {
    const response = await put(s.owner.token, { website: 'not a url', support: 'mailto-nope' });
    expect(response.status).toBe(400);
    const paths = (await response.json()).details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(['website', 'support']);
    expect((await put(s.owner.token, { name: '' })).status).toBe(400);
  });

  it('refuses anonymous (401), strangers and members (403); admins may', async () => {
    expect((await put(undefined, { name: 'x' })).status).toBe(401);
    expect((await put(s.stranger.token, { name: 'x' })).status).toBe(403);
    const asMember = await put(s.member.token, { name: 'x' });
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({ error: 'owner_required' });
    const asAdmin = await put(s.admin.token, { description: 'moderated' });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toMatchObject({ description: 'moderated' });
  });

  it('freezes a banned publisher for its owner, not for admins', async () => {
    const banned = await insertPublisher(t.services.db, { owner: s.owner.user, status: 'PublisherStatusBanned' });
    const asOwner = await put(s.owner.token, { name: 'x' }, banned.id);
    expect(asOwner.status).toBe(403);
    expect(await asOwner.json()).toMatchObject({
      error: 'publisher_banned',
      message: expect.stringContaining('banned'),
    });
    expect((await put(s.admin.token, { name: 'x' }, banned.id)).status).toBe(200);
  });

  it('answers 404 for an unknown publisher', async () => {
    expect((await put(s.owner.token, { name: 'x' }, 'nobody-here')).status).toBe(404);
  });
});
