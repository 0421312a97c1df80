import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { IndexDeltaSchema, IndexSnapshotSchema } from '../../index-protocol/format.ts';
import { buildDelta } from './build-delta.ts';
import { buildSnapshot } from './build-snapshot.ts';

// The snapshot and delta builders on both drivers (the routes' tests run on PGlite): one consistent
// read per document, and a delta that names exactly what changed.

describe('building the index documents', () => {
  let t: TestApp;
  const parse = <T>(schema: { parse(value: unknown): T }, body: Buffer) =>
    schema.parse(JSON.parse(body.toString('utf8')));

  beforeAll(async () => {
    t = await createTestApp();
    const { versions } = await seedNode(t.services.db, {
      id: 'kept',
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }],
    });
    await insertComfyNode(t.services.db, versions[1]!.id, 'KeptNode');
    await seedNode(t.services.db, { id: 'doomed', versions: [{ version: '1.0.0' }] });
  });
  afterAll(() => t.close());

  it('builds the same snapshot twice at one cursor, and a delta of exactly what changed after it', async () => {
    const first = await buildSnapshot(t.services);
    expect((await buildSnapshot(t.services)).body.equals(first.body)).toBe(true);
    const snapshot = parse(IndexSnapshotSchema, first.body);
    expect(snapshot.packs.map((p) => [p.id, p.latest_version, p.node_classes])).toEqual([
      ['doomed', '1.0.0', undefined],
      ['kept', '1.1.0', ['KeptNode']],
    ]);

    await t.services.db.update(nodes).set({ status: 'NodeStatusDeleted' }).where(eq(nodes.id, 'doomed'));
    await t.services.db
      .update(nodeVersions)
      .set({ status: 'NodeVersionStatusBanned' })
      .where(eq(nodeVersions.version, '1.0.0'));
    const result = await buildDelta(t.services, Number(snapshot.cursor));
    if (result.status !== 'ok') throw new Error(result.status);
    const delta = parse(IndexDeltaSchema, result.document.body);
    expect(delta).toMatchObject({ since: snapshot.cursor, more: false, packs: [], versions: [] });
    expect(delta.removed).toEqual([
      { type: 'pack', pack: 'doomed', reason: 'deleted' },
      { type: 'version', pack: 'kept', version: '1.0.0', reason: 'banned' },
    ]);
    expect(await buildDelta(t.services, Number(delta.cursor) + 1)).toMatchObject({ status: 'unknown' });
  });
});
