import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';

describe('GET /comfy-nodes/{comfyNodeName}/node (getNodeByComfyNodeName)', () => {
  let t: TestApp;
  const owner = async (name: string) => {
    const response = await t.request(`/comfy-nodes/${encodeURIComponent(name)}/node`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const define = async (id: string, classes: string[], values: Parameters<typeof seedNode>[1] = {}) => {
      const seeded = await seedNode(db, { id, versions: [{ version: '1.0.0' }], ...values });
      for (const name of classes) await insertComfyNode(db, seeded.versions.at(-1)!.id, name);
      return seeded;
    };
    await define('popular', ['Upscale', 'Tile', 'Blur'], { totalInstall: 1000 });
    await define('ranked', ['Upscale', 'Tile'], { totalInstall: 10, searchRanking: 5 });
    await define('preempting', ['Upscale'], { totalInstall: 1, preemptedComfyNodeNames: ['Upscale'] });
    await define('banned', ['Blur', 'OnlyBanned'], { status: 'NodeStatusBanned', totalInstall: 99999 });
    await define('deleted', ['OnlyDeleted'], { status: 'NodeStatusDeleted' });
    // Defines "Legacy" in 1.0.0 only: its latest version (1.1.0) does not.
    const moved = await seedNode(db, { id: 'Moved', versions: [{ version: '1.0.0' }, { version: '1.1.0' }] });
    await insertComfyNode(db, moved.versions[0]!.id, 'Legacy');
    await insertComfyNode(db, moved.versions[1]!.id, 'Modern');
  });
  afterAll(() => t.close());

  it('returns the node whose latest version defines the class', async () => {
    const { status, body } = await owner('Modern');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'Moved',
      name: expect.any(String),
      description: expect.any(String),
      latest_version: { version: '1.1.0' },
    });
    expect((await owner('Legacy')).status).toBe(404);
  });

  it('prefers a preempting node, then higher search_ranking, then more downloads', async () => {
    expect((await owner('Upscale')).body).toMatchObject({ id: 'preempting' });
    expect((await owner('Tile')).body).toMatchObject({ id: 'ranked' });
    expect((await owner('Blur')).body).toMatchObject({ id: 'popular' });
  });

  it('never returns banned or deleted nodes, and answers 404 when nothing defines the class', async () => {
    for (const name of ['OnlyBanned', 'OnlyDeleted', 'NoSuchClass']) {
      const { status, body } = await owner(name);
      expect(status).toBe(404);
      expect(body).toMatchObject({ error: 'not_found', message: expect.stringContaining(name) });
    }
  });

  it('has no side effects on download counts', async () => {
    await owner('Blur');
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'popular'));
    expect(row!.totalInstall).toBe(1000);
  });
});
