import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { comfyNodeCollisions } from '../../db/schema/index.ts';
import { listPackCollisions } from './pack-collisions.ts';

describe('listPackCollisions', () => {
  let t: TestApp;
  let versionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    const publisher = await insertPublisher(db);
    for (const [id, status] of [
      ['mine', 'NodeStatusActive'],
      ['zeta-pack', 'NodeStatusActive'],
      ['alpha-pack', 'NodeStatusActive'],
      ['gone-pack', 'NodeStatusDeleted'],
    ] as const) {
      await insertNode(db, { id, name: id === 'alpha-pack' ? 'Alpha' : '', status, publisherId: publisher.id });
    }
    versionId = (await insertVersion(db, { nodeId: 'mine', version: '1.0.0' })).id;
    // What the moderation pipeline records (store-analysis.ts replaceCollisions).
    await db.insert(comfyNodeCollisions).values([
      { nodeVersionId: versionId, comfyNodeName: 'Upscale', otherNodeId: 'zeta-pack' },
      { nodeVersionId: versionId, comfyNodeName: 'Blend', otherNodeId: 'alpha-pack' },
      { nodeVersionId: versionId, comfyNodeName: 'Upscale', otherNodeId: 'alpha-pack' },
      { nodeVersionId: versionId, comfyNodeName: 'Upscale', otherNodeId: 'gone-pack' },
    ]);
  });
  afterAll(() => t.close());

  it('groups the colliding classes by pack, sorted, without deleted packs', async () => {
    expect(await listPackCollisions(t.services.db, versionId)).toEqual([
      { nodeId: 'alpha-pack', name: 'Alpha', classes: ['Blend', 'Upscale'] },
      { nodeId: 'zeta-pack', name: 'zeta-pack', classes: ['Upscale'] },
    ]);
  });

  it('is empty for a version without collisions', async () => {
    const other = await insertVersion(t.services.db, { nodeId: 'zeta-pack', version: '2.0.0' });
    expect(await listPackCollisions(t.services.db, other.id)).toEqual([]);
  });
});
