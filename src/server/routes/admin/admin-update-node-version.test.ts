import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes } from '../../db/schema/index.ts';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';

describe('PUT /admin/nodes/{nodeId}/versions/{versionNumber}', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  async function flaggedNode() {
    const publisher = await insertPublisher(t.services.db, { owner: await insertUser(t.services.db) });
    const node = await insertNode(t.services.db, { publisherId: publisher.id });
    await insertVersion(t.services.db, { nodeId: node.id, version: '1.0.0' });
    const flagged = await insertVersion(t.services.db, {
      nodeId: node.id,
      version: '1.1.0',
      status: 'NodeVersionStatusFlagged',
    });
    return { node, flagged };
  }

  it('approves a flagged version: Active, becomes latest, installable, audited', async () => {
    const { node, flagged } = await flaggedNode();
    const response = await t.request(`/admin/nodes/${node.id}/versions/1.1.0`, {
      method: 'PUT',
      token: who.admin.token,
      json: { status: 'NodeVersionStatusActive', status_reason: 'Reviewed: false positive' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: flagged.id,
      version: '1.1.0',
      status: 'NodeVersionStatusActive',
      status_reason: 'Reviewed: false positive',
      downloadUrl: expect.stringContaining(`/archives/${node.id}/1.1.0/node.zip`),
    });
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row!.latestVersionId).toBe(flagged.id);
    const install = await t.request(`/nodes/${node.id}/install`);
    expect(install.status).toBe(200);
    expect(await install.json()).toMatchObject({ version: '1.1.0' });
    const audit = await auditRows(t, 'node_version', flagged.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: who.admin.user.id,
      action: 'version.review',
      before: { node_id: node.id, version: '1.1.0', status: 'NodeVersionStatusFlagged', status_reason: '' },
      after: { status: 'NodeVersionStatusActive', status_reason: 'Reviewed: false positive' },
    });
  });

  it('bans the latest version: latest falls back to the previous one', async () => {
    const { node } = await flaggedNode();
    const response = await t.request(`/admin/nodes/${node.id.toUpperCase()}/versions/v1.0`, {
      method: 'PUT',
      token: who.admin.token,
      json: { status: 'NodeVersionStatusBanned', status_reason: 'malware' },
    });
    expect(response.status).toBe(200);
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row!.latestVersionId).toBeNull();
  });

  it('edits compatibility fields without touching the status', async () => {
    const { node } = await flaggedNode();
    const response = await t.request(`/admin/nodes/${node.id}/versions/1.0.0`, {
      method: 'PUT',
      token: who.admin.token,
      json: { supported_os: ['Windows', 'Linux'], supported_comfyui_version: '>=0.3.0' },
    });
    expect(await response.json()).toMatchObject({
      status: 'NodeVersionStatusActive',
      supported_os: ['Windows', 'Linux'],
      supported_comfyui_version: '>=0.3.0',
    });
  });

  it('refuses to approve a version whose archive was never uploaded (409)', async () => {
    const { node } = await flaggedNode();
    await insertVersion(t.services.db, {
      nodeId: node.id,
      version: '2.0.0',
      status: 'NodeVersionStatusPending',
      withArchive: false,
    });
    const response = await t.request(`/admin/nodes/${node.id}/versions/2.0.0`, {
      method: 'PUT',
      token: who.admin.token,
      json: { status: 'NodeVersionStatusActive' },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'archive_missing' });
  });

  it('answers 404 for an unknown version or node, 400 for a bad status', async () => {
    const { node } = await flaggedNode();
    const put = (path: string, json: unknown) => t.request(path, { method: 'PUT', token: who.admin.token, json });
    expect((await put(`/admin/nodes/${node.id}/versions/9.9.9`, { status: 'NodeVersionStatusActive' })).status).toBe(
      404,
    );
    expect((await put(`/admin/nodes/nope-${node.id}/versions/1.0.0`, {})).status).toBe(404);
    expect((await put(`/admin/nodes/${node.id}/versions/1.0.0`, { status: 'Approved' })).status).toBe(400);
  });

  it('is for admins only', async () => {
    const { node } = await flaggedNode();
    const path = `/admin/nodes/${node.id}/versions/1.1.0`;
    const json = { status: 'NodeVersionStatusActive' };
    expect((await t.request(path, { method: 'PUT', json })).status).toBe(401);
    expect((await t.request(path, { method: 'PUT', json, token: who.stranger.token })).status).toBe(403);
  });
});
