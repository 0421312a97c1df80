import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertVersion } from '#test/factories.ts';
import { createTestApp, TEST_API_URL, type TestApp } from '#test/test-app.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { auditLog, nodes, nodeVersions } from '../../db/schema/index.ts';

describe('PUT /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', () => {
  let t: TestApp;
  let s: PublisherScene;
  let node: NodeRow;
  let version: NodeVersionRow;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    node = await insertNode(t.services.db, { publisherId: s.publisher.id });
    version = await insertVersion(t.services.db, { nodeId: node.id, version: '1.0.0', changelog: 'first' });
  });
  afterAll(() => t.close());

  const put = (path: string, json: unknown, token?: string) =>
    t.request(`/publishers/${path}`, { method: 'PUT', json, ...(token ? { token } : {}) });
  const pathOf = (v: NodeVersionRow, n: NodeRow = node, publisherId = s.publisher.id) =>
    `${publisherId}/nodes/${n.id}/versions/${v.id}`;

  it('lets a member edit changelog and deprecated, and answers the whole NodeVersion', async () => {
    const response = await put(
      pathOf(version),
      { changelog: 'Fixed the thing', deprecated: true, version: '9.9.9', status: 'NodeVersionStatusBanned' },
      s.member.token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: version.id,
      version: '1.0.0',
      node_id: node.id,
      changelog: 'Fixed the thing',
      deprecated: true,
      status: 'NodeVersionStatusActive',
      dependencies: [],
      downloadUrl: `${TEST_API_URL}/archives/${node.id}/1.0.0/node.zip`,
    });
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.update'), eq(auditLog.targetId, version.id)));
    expect(audit).toMatchObject({ before: { changelog: 'first' }, after: { changelog: 'Fixed the thing' } });
  });

  it('keeps a deprecation message while deprecated, clears it on un-deprecating, and bumps the node', async () => {
    const [before] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    const deprecated = await put(
      pathOf(version),
      { deprecated: true, deprecation_message: '  Use 2.x: 1.x breaks on ComfyUI 0.4.  ' },
      s.owner.token,
    );
    expect(deprecated.status).toBe(200);
    expect(await deprecated.json()).toMatchObject({
      deprecated: true,
      deprecation_message: 'Use 2.x: 1.x breaks on ComfyUI 0.4.',
    });
    const [after] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    // Cards and the node page show deprecation: the change feed must move for search and the cache.
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    const listed = (await (await t.request(`/nodes/${node.id}/versions`)).json()) as { deprecation_message?: string }[];
    expect(listed[0]?.deprecation_message).toBe('Use 2.x: 1.x breaks on ComfyUI 0.4.');

    const restored = await put(pathOf(version), { deprecated: false }, s.owner.token);
    const body = (await restored.json()) as Record<string, unknown>;
    expect(body['deprecated']).toBe(false);
    expect(body).not.toHaveProperty('deprecation_message');
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, version.id));
    expect(row!.deprecationMessage).toBe('');
    expect((await put(pathOf(version), { deprecation_message: 'x'.repeat(501) }, s.owner.token)).status).toBe(400);
  });

  it('answers 404 for a version of another node (upstream IDOR) and leaves it alone', async () => {
    const victim = await insertNode(t.services.db, { publisherId: s.publisher.id });
    const victimVersion = await insertVersion(t.services.db, { nodeId: victim.id, version: '3.0.0' });
    const response = await put(pathOf(victimVersion), { changelog: 'pwned' }, s.owner.token);
    expect(response.status).toBe(404);
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, victimVersion.id));
    expect(row?.changelog).toBe('');
  });

  it('answers 400 for a malformed version id and 404 for a deleted version', async () => {
    expect((await put(`${s.publisher.id}/nodes/${node.id}/versions/1.0.0`, {}, s.owner.token)).status).toBe(400);
    const gone = await insertVersion(t.services.db, {
      nodeId: node.id,
      version: '0.1.0',
      status: 'NodeVersionStatusDeleted',
    });
    expect((await put(pathOf(gone), { deprecated: true }, s.owner.token)).status).toBe(404);
    expect((await put(pathOf(version), { deprecated: 'yes' }, s.owner.token)).status).toBe(400);
  });

  it('refuses anonymous (401) and strangers (403); admins may', async () => {
    expect((await put(pathOf(version), { deprecated: false })).status).toBe(401);
    expect((await put(pathOf(version), { deprecated: false }, s.stranger.token)).status).toBe(403);
    const asAdmin = await put(pathOf(version), { deprecated: false }, s.admin.token);
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toMatchObject({ deprecated: false });
  });
});
