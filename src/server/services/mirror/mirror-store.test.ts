import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import {
  INDEX_FORMAT,
  type IndexDelta,
  type IndexPack,
  type IndexSnapshot,
  type IndexVersion,
  type Tombstone,
} from '../../index-protocol/format.ts';
import {
  applyIndexDelta,
  missingArchives,
  replaceWithSnapshot,
  savedMirrorCursor,
  storeMirroredArchive,
} from './mirror-store.ts';

// A mirror's copy of the upstream index in the ordinary tables, on both drivers.

const pack = (id: string, latest?: string): IndexPack => ({
  id,
  name: `Pack ${id}`,
  publisher: { id: 'upstream-pub', name: 'Upstream' },
  node_classes: [`${id}Node`],
  created_at: '2026-01-01T00:00:00.000Z',
  ...(latest ? { latest_version: latest } : {}),
});
const version = (packId: string, number: string): IndexVersion => ({
  pack: packId,
  version: number,
  sha256: (packId + number)
    .padEnd(64, '0')
    .replace(/[^0-9a-f]/g, 'a')
    .slice(0, 64),
  size: 10,
  download_url: `http://upstream.test/archives/${packId}/${number}/node.zip`,
  created_at: '2026-01-02T00:00:00.000Z',
});
const snapshot = (packs: IndexPack[], versions: IndexVersion[], cursor: string): IndexSnapshot => ({
  format: INDEX_FORMAT,
  kind: 'snapshot',
  cursor,
  packs,
  versions,
});
const delta = (parts: Partial<{ packs: IndexPack[]; versions: IndexVersion[]; removed: Tombstone[] }>): IndexDelta => ({
  format: INDEX_FORMAT,
  kind: 'delta',
  since: '1',
  cursor: '2',
  more: false,
  packs: parts.packs ?? [],
  versions: parts.versions ?? [],
  removed: parts.removed ?? [],
});

describe('the mirror store', () => {
  let t: TestApp;
  const stateOf = async (id: string) => {
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, id));
    const versions = await t.services.db
      .select({ id: nodeVersions.id, version: nodeVersions.version, status: nodeVersions.status })
      .from(nodeVersions)
      .where(eq(nodeVersions.nodeId, id))
      .orderBy(asc(nodeVersions.version));
    const latest = versions.find((v) => v.id === node?.latestVersionId)?.version ?? null;
    return {
      status: node?.status,
      latest,
      classes: node?.catalogComfyNodeNames,
      versions: versions.map((v) => `${v.version}:${v.status}`),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes a snapshot into the tables, with zips still to fetch', async () => {
    await replaceWithSnapshot(
      t.services,
      snapshot([pack('a', '1.1.0'), pack('b')], [version('a', '1.0.0'), version('a', '1.1.0')], '5'),
    );
    expect(await stateOf('a')).toEqual({
      status: 'NodeStatusActive',
      latest: '1.1.0',
      classes: ['aNode'],
      versions: ['1.0.0:NodeVersionStatusActive', '1.1.0:NodeVersionStatusActive'],
    });
    expect(await stateOf('b')).toMatchObject({ status: 'NodeStatusActive', latest: null, versions: [] });
    const missing = await missingArchives(t.services.db);
    expect(missing.map((m) => `${m.pack}@${m.version}`).sort()).toEqual(['a@1.0.0', 'a@1.1.0']);
    await storeMirroredArchive(t.services, missing[0]!, new Uint8Array(10));
    expect(await missingArchives(t.services.db)).toHaveLength(1);
  });

  it('applies deltas: a listed pack with all its versions, tombstones of packs and versions', async () => {
    await applyIndexDelta(
      t.services,
      delta({
        packs: [pack('b', '2.0.0')],
        versions: [version('b', '2.0.0')],
        removed: [{ type: 'version', pack: 'a', version: '1.1.0', reason: 'deleted' }],
      }),
    );
    expect(await stateOf('a')).toMatchObject({
      latest: '1.0.0',
      versions: ['1.0.0:NodeVersionStatusActive', '1.1.0:NodeVersionStatusDeleted'],
    });
    expect(await stateOf('b')).toMatchObject({ latest: '2.0.0', versions: ['2.0.0:NodeVersionStatusActive'] });
    await applyIndexDelta(t.services, delta({ removed: [{ type: 'pack', pack: 'b', reason: 'banned' }] }));
    expect(await stateOf('b')).toMatchObject({
      status: 'NodeStatusBanned',
      latest: null,
      versions: ['2.0.0:NodeVersionStatusBanned'],
    });
  });

  it('a new snapshot removes what it no longer lists and restores what comes back', async () => {
    await replaceWithSnapshot(t.services, snapshot([pack('b', '2.0.0')], [version('b', '2.0.0')], '9'));
    expect(await stateOf('a')).toMatchObject({ status: 'NodeStatusDeleted', latest: null });
    expect(await stateOf('b')).toMatchObject({
      status: 'NodeStatusActive',
      latest: '2.0.0',
      versions: ['2.0.0:NodeVersionStatusActive'],
    });
  });

  it("keeps each document's cursor and the zips' upstream URLs, per upstream, with the document's rows", async () => {
    const source = { upstream: 'http://upstream.test' };
    expect(await savedMirrorCursor(t.services.db, source.upstream)).toBeNull();
    await replaceWithSnapshot(t.services, snapshot([pack('c', '1.0.0')], [version('c', '1.0.0')], '11'), source);
    expect(await savedMirrorCursor(t.services.db, source.upstream)).toBe('11');
    await applyIndexDelta(
      t.services,
      {
        ...delta({ packs: [pack('c', '1.1.0')], versions: [version('c', '1.0.0'), version('c', '1.1.0')] }),
        since: '11',
        cursor: '12',
      },
      source,
    );
    expect(await savedMirrorCursor(t.services.db, source.upstream)).toBe('12');
    // Another upstream has no cursor here: a mirror pointed elsewhere starts from that one's snapshot.
    expect(await savedMirrorCursor(t.services.db, 'http://elsewhere.test')).toBeNull();
    const urls = Object.fromEntries(
      (await missingArchives(t.services.db)).filter((m) => m.pack === 'c').map((m) => [m.version, m.url]),
    );
    expect(urls).toEqual({ '1.0.0': version('c', '1.0.0').download_url, '1.1.0': version('c', '1.1.0').download_url });
  });
});
