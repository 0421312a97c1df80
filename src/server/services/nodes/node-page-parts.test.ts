import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertComfyNode, seedNode, type SeededNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import {
  advisories,
  advisoryAffected,
  comfyNodeCollisions,
  nodeDownloadsDaily,
  versionScanFindings,
} from '../../db/schema/index.ts';
import { loadNodeAdvisories } from '../advisories/node-advisories.ts';
import { listVersionComfyNodes } from '../comfy-nodes/list-version-comfy-nodes.ts';
import { listPackCollisions } from '../moderation/pack-collisions.ts';
import { listVersionWarnings } from '../moderation/version-warnings.ts';
import { DEFAULT_LISTED_STATUSES, listNodeVersions } from '../versions/list-node-versions.ts';
import { loadNodePageParts, PAGE_CLASS_LIMIT } from './node-page-parts.ts';

// The node page reads its versions, downloads, warnings, classes, collisions and advisories in ONE
// statement of JSON aggregates. Each list must equal what its own reader (used by the API and by a page
// showing an older version) returns for the same data: same rows, same types, same order. Downloads
// have no other reader: their expected rows are spelled out.

describe('loadNodePageParts', () => {
  let t: TestApp;
  let pack: SeededNode;
  const shown = () => pack.versions.at(-1)!;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    pack = await seedNode(db, {
      id: 'Parts-Pack',
      versions: [
        { version: '1.0.0' },
        { version: '1.2.0', status: 'NodeVersionStatusFlagged', withArchive: false },
        { version: '1.10.0', status: 'NodeVersionStatusDeleted' },
        {
          version: '2.0.0',
          dependencies: ['litellm>=1.80', 'numpy', 'not a requirement ***'],
          supportedOs: ['linux'],
          yankedReason: '',
          quarantinedAt: new Date('2026-05-02T03:04:05.678Z'),
        },
      ],
    });
    const other = await insertNode(db, {
      id: 'Other-Pack',
      name: 'Other',
      publisherId: (await insertPublisher(db)).id,
    });
    await insertNode(db, {
      id: 'Gone-Pack',
      publisherId: other.publisherId,
      status: 'NodeStatusDeleted',
    });
    // More classes than a page lists, in an order the names sort differently from.
    for (let i = PAGE_CLASS_LIMIT + 3; i > 0; i--) {
      await insertComfyNode(db, shown().id, `Class${String(i).padStart(3, '0')}`, {
        inputTypes: '{"required": {}}',
        outputIsList: [true, false],
        deprecated: i % 2 === 0,
      });
    }
    await db.insert(comfyNodeCollisions).values([
      { nodeVersionId: shown().id, comfyNodeName: 'Class002', otherNodeId: 'Other-Pack' },
      { nodeVersionId: shown().id, comfyNodeName: 'Class001', otherNodeId: 'Other-Pack' },
      { nodeVersionId: shown().id, comfyNodeName: 'Class001', otherNodeId: 'Gone-Pack' },
    ]);
    await db.insert(nodeDownloadsDaily).values([
      { nodeId: 'Parts-Pack', day: '2026-05-30', count: 2 },
      { nodeId: 'Parts-Pack', day: '2026-04-01', count: 9 },
      { nodeId: 'Parts-Pack', day: '2026-01-01', count: 5 },
      { nodeId: 'Other-Pack', day: '2026-05-30', count: 4 },
    ]);
    const finding = (nodeVersionId: string, line: number | null, severity: 'medium' | 'low' | 'high') => ({
      nodeVersionId,
      ruleId: `PY0${line ?? 0}`,
      severity,
      file: 'a.py',
      line,
      snippet: 'x = 1',
      message: `finding at ${line}`,
      rulesetVersion: 'test',
    });
    await db
      .insert(versionScanFindings)
      .values([
        finding(pack.versions[0]!.id, 3, 'low'),
        finding(pack.versions[0]!.id, null, 'medium'),
        finding(pack.versions[0]!.id, 1, 'high'),
        ...Array.from({ length: 55 }, (_, i) => finding(shown().id, i + 1, i % 3 ? 'low' : 'medium')),
        finding(pack.versions[1]!.id, 1, 'medium'),
      ]);
    const advisory = (id: string, withdrawn = false) => ({
      id,
      summary: `summary of ${id}`,
      severity: 'HIGH' as const,
      kind: 'vulnerability' as const,
      aliases: ['CVE-2026-0001'],
      references: [{ type: 'WEB', url: 'https://example.test/a' }],
      publishedAt: new Date('2026-03-04T05:06:07.891Z'),
      modifiedAt: new Date('2026-03-05T05:06:07.891Z'),
      withdrawnAt: withdrawn ? new Date('2026-03-06T00:00:00Z') : null,
    });
    await db
      .insert(advisories)
      .values([advisory('NY-2026-1'), advisory('NY-2026-2'), advisory('NY-2026-3', true), advisory('NY-2026-4')]);
    await db.insert(advisoryAffected).values([
      {
        advisoryId: 'NY-2026-1',
        ecosystem: 'Nodeyard',
        package: 'PARTS-pack',
        ranges: [{ introduced: '0', fixed: '2.0.0' }],
      },
      { advisoryId: 'NY-2026-1', ecosystem: 'Nodeyard', package: 'parts-pack', versions: ['1.0.0'] },
      {
        advisoryId: 'NY-2026-2',
        ecosystem: 'PyPI',
        package: 'litellm',
        ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }],
      },
      { advisoryId: 'NY-2026-3', ecosystem: 'Nodeyard', package: 'Parts-Pack', versions: ['2.0.0'] },
      { advisoryId: 'NY-2026-4', ecosystem: 'PyPI', package: 'numpy', ranges: [{ introduced: '0', fixed: '0.1' }] },
      { advisoryId: 'NY-2026-4', ecosystem: 'PyPI', package: 'torch', ranges: [{ introduced: '0' }] },
    ]);
  });
  afterAll(() => t.close());

  it('answers each list as its own reader does', async () => {
    const { db } = t.services;
    const parts = await loadNodePageParts(db, {
      nodeId: 'Parts-Pack',
      sinceDay: '2026-03-01',
      shown: { id: shown().id, dependencies: shown().dependencies },
    });
    expect(parts.versions.map((entry) => entry.version.version)).toEqual(['2.0.0', '1.2.0', '1.0.0']);
    expect(parts.versions).toEqual(await listNodeVersions(db, 'Parts-Pack', DEFAULT_LISTED_STATUSES));
    expect(parts.downloads).toEqual([
      { day: '2026-04-01', count: 9 },
      { day: '2026-05-30', count: 2 },
    ]);
    // Of Active versions only: the flagged 1.2.0 has a finding too.
    expect(parts.warnings).toEqual(await listVersionWarnings(db, [pack.versions[0]!.id, shown().id]));
    expect(parts.warnings.get(shown().id)).toMatchObject({ total: 55 });
    expect(parts.warnings.get(shown().id)!.findings).toHaveLength(50);
    expect(parts.classes).toEqual(await listVersionComfyNodes(db, shown().id, { page: 1, limit: PAGE_CLASS_LIMIT }));
    expect(parts.classes.total).toBe(PAGE_CLASS_LIMIT + 3);
    expect(parts.collisions).toEqual(await listPackCollisions(db, shown().id));
    expect(parts.collisions).toEqual([{ nodeId: 'Other-Pack', name: 'Other', classes: ['Class001', 'Class002'] }]);
    const expected = await loadNodeAdvisories(
      db,
      { id: 'Parts-Pack', latestVersionId: shown().id },
      { dependencies: shown().dependencies },
    );
    expect(parts.advisories).toEqual(expected);
    expect(parts.advisories.pack.map((entry) => [entry.advisory.id, entry.affected.length])).toEqual([
      ['NY-2026-1', 2],
    ]);
    expect(parts.advisories.dependencies.map((entry) => [entry.advisory.id, entry.requirement])).toEqual([
      ['NY-2026-2', 'litellm>=1.80'],
      ['NY-2026-4', 'numpy'],
    ]);
  });

  it('reads nothing of a version when none is shown, and empty lists for a pack without rows', async () => {
    const parts = await loadNodePageParts(t.services.db, { nodeId: 'Other-Pack', sinceDay: '2026-01-01', shown: null });
    expect(parts).toEqual({
      versions: [],
      downloads: [{ day: '2026-05-30', count: 4 }],
      warnings: new Map(),
      classes: { rows: [], total: 0 },
      collisions: [],
      advisories: { pack: [], dependencies: [] },
    });
  });
});
