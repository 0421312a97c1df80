import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';

describe('POST /publishers/{publisherId}/nodes/{nodeId}/ban and /unban', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  async function arrange(name: string) {
    const publisher = await insertPublisher(t.services.db, { owner: await insertUser(t.services.db) });
    const node = await insertNode(t.services.db, { publisherId: publisher.id, name });
    await insertVersion(t.services.db, { nodeId: node.id, version: '1.0.0' });
    return { publisher, node };
  }
  const post = (path: string, token: string, json?: unknown) =>
    t.request(path, { method: 'POST', token, ...(json ? { json } : {}) });

  it('bans a node: 403 on its page, gone from search; unban brings it back; both audited', async () => {
    const { publisher, node } = await arrange('Zanzibar Sharpener');
    await t.syncSearch();
    const search = async () =>
      ((await (await t.request('/nodes/search?search=Zanzibar')).json()) as { nodes: { id: string }[] }).nodes.map(
        (n) => n.id,
      );
    expect(await search()).toContain(node.id);

    const ban = await post(`/publishers/${publisher.id}/nodes/${node.id}/ban`, who.admin.token, { reason: 'malware' });
    expect(ban.status).toBe(204);
    expect((await t.request(`/nodes/${node.id}`)).status).toBe(403);
    expect((await t.request(`/nodes/${node.id}/install`)).status).toBe(403);
    await t.syncSearch();
    expect(await search()).not.toContain(node.id);

    // Idempotent: a second ban changes nothing and logs nothing.
    expect((await post(`/publishers/${publisher.id}/nodes/${node.id}/ban`, who.admin.token)).status).toBe(204);

    // Its publisher reads the reason in the dashboard's node list.
    const owned = (await (await t.request(`/publishers/${publisher.id}/nodes?include_banned=true`)).json()) as {
      id: string;
      status_detail?: string;
    }[];
    expect(owned.find((n) => n.id === node.id)?.status_detail).toBe('malware');

    const unban = await post(`/publishers/${publisher.id}/nodes/${node.id}/unban`, who.admin.token);
    expect(unban.status).toBe(204);
    expect((await t.request(`/nodes/${node.id}`)).status).toBe(200);
    await t.syncSearch();
    expect(await search()).toContain(node.id);

    const audit = await auditRows(t, 'node', node.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'node.ban',
        { status: 'NodeStatusActive', status_detail: null },
        { status: 'NodeStatusBanned', status_detail: 'malware', reason: 'malware' },
      ],
      [
        'node.unban',
        { status: 'NodeStatusBanned', status_detail: 'malware' },
        { status: 'NodeStatusActive', status_detail: null },
      ],
    ]);
  });

  it('answers 404 for a node of another publisher (upstream silently answered 204)', async () => {
    const { node } = await arrange('A');
    const other = await arrange('B');
    const response = await post(`/publishers/${other.publisher.id}/nodes/${node.id}/ban`, who.admin.token);
    expect(response.status).toBe(404);
    expect((await t.request(`/nodes/${node.id}`)).status).toBe(200);
  });

  it('will not unban a node while its publisher is banned (409)', async () => {
    const { publisher, node } = await arrange('C');
    expect((await post(`/publishers/${publisher.id}/ban`, who.admin.token)).status).toBe(204);
    const response = await post(`/publishers/${publisher.id}/nodes/${node.id}/unban`, who.admin.token);
    expect(response.status).toBe(409);
  });

  it('is for admins only: the owner cannot ban or unban', async () => {
    const owner = who.stranger;
    const publisher = await insertPublisher(t.services.db, { owner: owner.user });
    const node = await insertNode(t.services.db, { publisherId: publisher.id });
    expect((await t.request(`/publishers/${publisher.id}/nodes/${node.id}/ban`, { method: 'POST' })).status).toBe(401);
    expect((await post(`/publishers/${publisher.id}/nodes/${node.id}/ban`, owner.token)).status).toBe(403);
    expect((await post(`/publishers/${publisher.id}/nodes/${node.id}/unban`, owner.token)).status).toBe(403);
  });
});
