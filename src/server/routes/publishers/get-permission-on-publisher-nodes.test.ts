import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /publishers/{publisherId}/nodes/{nodeId}/permissions', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const canEdit = async (path: string, token?: string) => {
    const response = await t.request(`/publishers/${path}/permissions`, token ? { token } : {});
    expect(response.status).toBe(200);
    return (await response.json()).canEdit;
  };

  it("is true for the publisher's owners and members and for admins", async () => {
    const node = await insertNode(t.services.db, { publisherId: s.publisher.id, id: 'Perm-Node' });
    const path = `${s.publisher.id}/nodes/perm-node`;
    expect(await canEdit(path, s.owner.token)).toBe(true);
    expect(await canEdit(path, s.member.token)).toBe(true);
    expect(await canEdit(path, s.admin.token)).toBe(true);
    expect(await canEdit(path, s.stranger.token)).toBe(false);
    expect(await canEdit(path)).toBe(false);
    expect(node.id).toBe('Perm-Node');
  });

  it('is false for a node of another publisher, a deleted node, or a banned one (except for admins)', async () => {
    const other = await insertNode(t.services.db, { publisherId: (await insertPublisher(t.services.db)).id });
    expect(await canEdit(`${s.publisher.id}/nodes/${other.id}`, s.owner.token)).toBe(false);
    const deleted = await insertNode(t.services.db, { publisherId: s.publisher.id, status: 'NodeStatusDeleted' });
    expect(await canEdit(`${s.publisher.id}/nodes/${deleted.id}`, s.admin.token)).toBe(false);
    const banned = await insertNode(t.services.db, { publisherId: s.publisher.id, status: 'NodeStatusBanned' });
    expect(await canEdit(`${s.publisher.id}/nodes/${banned.id}`, s.owner.token)).toBe(false);
    expect(await canEdit(`${s.publisher.id}/nodes/${banned.id}`, s.admin.token)).toBe(true);
    expect(await canEdit(`${s.publisher.id}/nodes/no-such-node`, s.owner.token)).toBe(false);
  });
});
