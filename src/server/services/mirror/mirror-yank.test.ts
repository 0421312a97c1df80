import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { INDEX_FORMAT, type IndexPack, type IndexVersion } from '../../index-protocol/format.ts';
import { applyIndexDelta, replaceWithSnapshot } from './mirror-store.ts';

// A mirror keeps the upstream's yanks (issue 29.1): the flag and reason on the version, which stays
// installable by exact version, and the pack's latest as the upstream says (never the yanked one).

const pack = (latest: string): IndexPack => ({
  id: 'spun',
  name: 'Spun',
  publisher: { id: 'upstream-pub', name: 'Upstream' },
  created_at: '2026-01-01T00:00:00.000Z',
  latest_version: latest,
});
const version = (number: string, yanked?: string): IndexVersion => ({
  pack: 'spun',
  version: number,
  sha256: number.replace(/\D/g, '').padEnd(64, 'a'),
  size: 10,
  download_url: `http://upstream.test/archives/spun/${number}/node.zip`,
  created_at: '2026-01-02T00:00:00.000Z',
  ...(yanked ? { yanked: true as const, yanked_reason: yanked } : {}),
});

describe('the mirror store and yanked versions', () => {
  let t: TestApp;
  const stored = async (number: string) => {
    const [row] = await t.services.db
      .select({ yankedAt: nodeVersions.yankedAt, reason: nodeVersions.yankedReason, status: nodeVersions.status })
      .from(nodeVersions)
      .where(and(eq(nodeVersions.nodeId, 'spun'), eq(nodeVersions.version, number)));
    return row;
  };
  const latest = async () => {
    const [row] = await t.services.db
      .select({ version: nodeVersions.version })
      .from(nodes)
      .innerJoin(nodeVersions, eq(nodeVersions.id, nodes.latestVersionId))
      .where(eq(nodes.id, 'spun'));
    return row?.version;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a yanked version with its reason, Active, and the latest the upstream names', async () => {
    await replaceWithSnapshot(t.services, {
      format: INDEX_FORMAT,
      kind: 'snapshot',
      cursor: '5',
      packs: [pack('1.0.0')],
      versions: [version('1.0.0'), version('1.1.0', 'broken upload')],
    });
    expect(await stored('1.1.0')).toMatchObject({
      yankedAt: expect.any(Date),
      reason: 'broken upload',
      status: 'NodeVersionStatusActive',
    });
    expect(await stored('1.0.0')).toMatchObject({ yankedAt: null, reason: '' });
    expect(await latest()).toBe('1.0.0');
  });

  it('follows an unyank in a delta, and keeps the first yank time when only the reason changes', async () => {
    const first = (await stored('1.1.0'))!.yankedAt;
    await applyIndexDelta(t.services, {
      format: INDEX_FORMAT,
      kind: 'delta',
      since: '5',
      cursor: '6',
      more: false,
      packs: [],
      versions: [version('1.1.0', 'broken upload, use 1.0.0')],
      removed: [],
    });
    expect(await stored('1.1.0')).toMatchObject({ yankedAt: first, reason: 'broken upload, use 1.0.0' });
    // A version-only change: the mirror works out the latest itself, skipping the yanked one.
    expect(await latest()).toBe('1.0.0');

    await applyIndexDelta(t.services, {
      format: INDEX_FORMAT,
      kind: 'delta',
      since: '6',
      cursor: '7',
      more: false,
      packs: [pack('1.1.0')],
      versions: [version('1.0.0'), version('1.1.0')],
      removed: [],
    });
    expect(await stored('1.1.0')).toMatchObject({ yankedAt: null, reason: '' });
    expect(await latest()).toBe('1.1.0');
  });
});
