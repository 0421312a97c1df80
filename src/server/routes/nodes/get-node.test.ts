import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDownloadsDaily, nodes } from '../../db/schema/index.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

describe('GET /nodes/{nodeId} (getNode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const publisher = await insertPublisher(db, { name: 'Kijai' });
    await seedNode(db, {
      id: 'ComfyUI-KJNodes',
      name: 'KJNodes',
      description: '',
      publisher,
      totalInstall: 7,
      totalStar: 9,
      totalReview: 2,
      translations: { fr: { name: 'Nœuds KJ' } },
      versions: [
        { version: '1.9.0' },
        { version: '1.10.0', statusReason: 'looks fine' },
        { version: '2.0.0', status: 'NodeVersionStatusPending' },
        { version: '3.0.0', status: 'NodeVersionStatusFlagged' },
      ],
    });
    await seedNode(db, { id: 'pending-only', versions: [{ version: '1.0.0', status: 'NodeVersionStatusPending' }] });
    await seedNode(db, { id: 'banned-pack', status: 'NodeStatusBanned' });
    await seedNode(db, { id: 'deleted-pack', status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  it('finds the node case-insensitively and answers with the canonical object', async () => {
    const response = await t.request('/nodes/comfyui-kjnodes');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 'ComfyUI-KJNodes',
      name: 'KJNodes',
      description: '',
      downloads: 7,
      rating: 4.5,
      status: 'NodeStatusActive',
      publisher: { name: 'Kijai' },
      latest_version: {
        version: '1.10.0',
        status_reason: 'looks fine',
        downloadUrl: 'http://api.test/archives/ComfyUI-KJNodes/1.10.0/node.zip',
      },
    });
    expect(body).not.toHaveProperty('translations');
  });

  it('includes translations only when asked', async () => {
    const response = await t.request('/nodes/ComfyUI-KJNodes?include_translations=true');
    expect(await response.json()).toMatchObject({ translations: { fr: { name: 'Nœuds KJ' } } });
  });

  it('omits latest_version (never null) when no version is Active', async () => {
    const response = await t.request('/nodes/PENDING-ONLY');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'pending-only' });
    expect(body).not.toHaveProperty('latest_version');
  });

  it('answers 404 for unknown and deleted nodes, 403 for banned ones', async () => {
    const unknown = await t.request('/nodes/no-such-node');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: 'not_found',
      message: expect.stringContaining('no-such-node'),
    });
    expect((await t.request('/nodes/deleted-pack')).status).toBe(404);
    const banned = await t.request('/nodes/Banned-Pack');
    expect(banned.status).toBe(403);
    expect(await banned.json()).toMatchObject({ error: 'node_banned', message: expect.any(String) });
  });

  it('has no side effects: reading a node counts no download', async () => {
    await t.request('/nodes/ComfyUI-KJNodes');
    await t.request('/nodes/ComfyUI-KJNodes');
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'ComfyUI-KJNodes'));
    expect(row!.totalInstall).toBe(7);
    const daily = await t.services.db
      .select()
      .from(nodeDownloadsDaily)
      .where(eq(nodeDownloadsDaily.nodeId, 'ComfyUI-KJNodes'));
    expect(daily).toEqual([]);
  });
});
