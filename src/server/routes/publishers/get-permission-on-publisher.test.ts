import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '#test/authz/actors.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /publishers/{publisherId}/permissions', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const canEdit = async (id: string, token?: string) => {
    const response = await t.request(`/publishers/${id}/permissions`, token ? { token } : {});
    expect(response.status).toBe(200);
    return (await response.json()).canEdit;
  };

  it('is true for owners and admins only, never a 403', async () => {
    expect(await canEdit(s.publisher.id, s.owner.token)).toBe(true);
    expect(await canEdit(s.publisher.id, s.admin.token)).toBe(true);
    expect(await canEdit(s.publisher.id, s.member.token)).toBe(false);
    expect(await canEdit(s.publisher.id, s.stranger.token)).toBe(false);
    expect(await canEdit(s.publisher.id)).toBe(false);
    expect(await canEdit('nobody-here', s.owner.token)).toBe(false);
  });

  it('is false for a banned owner, and for the owner of a banned publisher (not for admins)', async () => {
    const bannedUser = await signedIn(t, { banned: true });
    const own = await insertPublisher(t.services.db, { owner: bannedUser.user });
    expect(await canEdit(own.id, bannedUser.token)).toBe(false);
    const bannedPublisher = await insertPublisher(t.services.db, {
      owner: s.owner.user,
      status: 'PublisherStatusBanned',
    });
    expect(await canEdit(bannedPublisher.id, s.owner.token)).toBe(false);
    expect(await canEdit(bannedPublisher.id, s.admin.token)).toBe(true);
  });
});
