import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertProvenance, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import {
  archives,
  comfyNodeCollisions,
  comfyNodes,
  nodeDownloadsDaily,
  nodes,
  versionScanFindings,
} from '../../db/schema/index.ts';
import { loadNodePage, type NodePageData } from './load-node-page.ts';

const NOW = new Date('2026-06-01T12:00:00Z');

async function storeArchive(t: TestApp, version: NodeVersionRow, files: Record<string, string> | Uint8Array) {
  const [archive] = await t.services.db.select().from(archives).where(eq(archives.id, version.archiveId!));
  const bytes =
    files instanceof Uint8Array
      ? files
      : zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
  await t.services.storage.put(archive!.key, bytes, 'application/zip');
}

async function found(t: TestApp, nodeId: string, version: string | null = null): Promise<NodePageData> {
  const result = await loadNodePage(t.services, { nodeId, version });
  if (result.kind !== 'found') throw new Error(`expected the page of ${nodeId}, got ${result.kind}`);
  return result.data;
}

describe('loadNodePage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    const { db } = t.services;
    const owner = await insertUser(db);
    const publisher = await insertPublisher(db, { id: 'acme', name: 'Acme Tools', owner });
    await insertNode(db, {
      id: 'Acme-Pack',
      publisherId: publisher.id,
      repository: 'https://github.com/acme/acme-pack',
      supportedOs: ['OS Independent'],
    });
    const v1 = await insertVersion(db, {
      nodeId: 'Acme-Pack',
      version: '1.0.0',
      changelog: 'First.',
      supportedOs: ['POSIX :: Linux'],
      dependencies: ['numpy'],
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const v12 = await insertVersion(db, {
      nodeId: 'Acme-Pack',
      version: '1.2.0',
      changelog: 'Faster.',
      deprecated: true,
      supportedComfyuiVersion: '>=0.3.0',
      dependencies: ['numpy', 'opencv-python'],
      createdAt: new Date('2026-05-29T12:00:00Z'),
    });
    await insertVersion(db, { nodeId: 'Acme-Pack', version: '2.0.0', status: 'NodeVersionStatusPending' });
    await insertVersion(db, { nodeId: 'Acme-Pack', version: '0.9.0', status: 'NodeVersionStatusBanned' });
    await db.insert(comfyNodes).values([
      {
        nodeVersionId: v12.id,
        name: 'AcmeBlur',
        returnTypes: '["IMAGE"]',
        inputTypes: '{"required":{"image":["IMAGE"]}}',
      },
      { nodeVersionId: v12.id, name: 'AcmeAdd', category: 'acme/math' },
      { nodeVersionId: v1.id, name: 'AcmeOld' },
    ]);
    await db.insert(nodeDownloadsDaily).values([
      { nodeId: 'Acme-Pack', day: '2026-06-01', count: 5 },
      { nodeId: 'Acme-Pack', day: '2026-05-30', count: 2 },
      { nodeId: 'Acme-Pack', day: '2025-01-01', count: 1000 },
    ]);
    await storeArchive(t, v12, {
      '__init__.py': '',
      'README.md': '# Acme\n\n<script>alert(1)</script>\n\n![shot](docs/shot.png)\n\n[bad](javascript:alert(2))',
    });
    // 1.0.0 came from trusted publishing (services/trusted-publishing/record-provenance.ts).
    await insertProvenance(db, {
      nodeVersionId: v1.id,
      repository: 'acme/acme-pack',
      commitSha: '0123456789abcdef0123456789abcdef01234567',
      ref: 'refs/tags/v1.0.0',
      workflowRef: 'acme/acme-pack/.github/workflows/publish.yml@refs/tags/v1.0.0',
    });
  });
  afterAll(() => t.close());

  it('says where a trusted-published version was built, and nothing for the others', async () => {
    expect((await found(t, 'Acme-Pack', '1.0.0')).provenance).toEqual({
      repository: 'acme/acme-pack',
      commit: '0123456789abcdef0123456789abcdef01234567',
      workflow: 'publish.yml',
      commitUrl: 'https://github.com/acme/acme-pack/commit/0123456789abcdef0123456789abcdef01234567',
    });
    expect((await found(t, 'Acme-Pack')).provenance).toBeNull();
  });

  it('says where the latest version was built (read with the node), named or not', async () => {
    const { db } = t.services;
    await insertNode(db, { id: 'built-latest', publisherId: 'acme' });
    const version = await insertVersion(db, { nodeId: 'built-latest', version: '3.0.0' });
    await insertProvenance(db, {
      nodeVersionId: version.id,
      repository: 'acme/built-latest',
      commitSha: 'b'.repeat(40),
      workflowRef: 'acme/built-latest/.github/workflows/ship.yml@refs/heads/main',
    });
    const expected = {
      repository: 'acme/built-latest',
      commit: 'b'.repeat(40),
      workflow: 'ship.yml',
      commitUrl: `https://github.com/acme/built-latest/commit/${'b'.repeat(40)}`,
    };
    expect((await found(t, 'built-latest')).provenance).toEqual(expected);
    expect((await found(t, 'built-latest', 'v3.0.0')).provenance).toEqual(expected);
  });

  it('shows the latest Active version, all public versions newest first, and its classes', async () => {
    const data = await found(t, 'Acme-Pack');
    expect(data.node).toMatchObject({ id: 'Acme-Pack', publisher: { id: 'acme', name: 'Acme Tools' } });
    expect(data.latest?.version.version).toBe('1.2.0');
    expect(data.deprecated).toBe(true);
    expect(data.unclaimed).toBe(false);
    expect(data.banned).toBe(false);
    expect(data.versions.map((v) => [v.version.version, v.version.status, v.downloadable, v.isLatest])).toEqual([
      ['2.0.0', 'NodeVersionStatusPending', false, false],
      ['1.2.0', 'NodeVersionStatusActive', true, true],
      ['1.0.0', 'NodeVersionStatusActive', true, false],
    ]);
    expect(data.versions[1]!.version.downloadUrl).toBe('http://api.test/archives/Acme-Pack/1.2.0/node.zip');
    // The page shows the archive's sha256 beside the download link (VersionList.astro).
    expect(data.versions[1]!.version.sha256).toBe('0'.repeat(64));
    expect(data.versions[1]!.version).not.toHaveProperty('status_reason');
    expect(data.selected?.version.version).toBe('1.2.0');
    expect(data.classes).toMatchObject({ total: 2, items: [{ name: 'AcmeAdd' }, { name: 'AcmeBlur' }] });
    expect(data.compatibility).toEqual({
      os: ['OS Independent'],
      accelerators: [],
      comfyui: '>=0.3.0',
      frontend: null,
    });
    expect(data.dependencies).toEqual(['numpy', 'opencv-python']);
  });

  it('renders the README of the latest archive, sanitised, with images resolved to the repository and served first-party', async () => {
    const { readmeHtml } = await found(t, 'Acme-Pack');
    expect(readmeHtml).toContain('<h3>Acme</h3>');
    // Resolved against the repository, then served through the site's own image endpoint, signed.
    const raw = 'https://raw.githubusercontent.com/acme/acme-pack/HEAD/docs/shot.png';
    const signature = t.services.imageUrls.sign(raw, 1920, 'inside');
    expect(readmeHtml).toContain(`src="/_image?url=${encodeURIComponent(raw)}&amp;w=1920&amp;s=${signature}"`);
    expect(readmeHtml).not.toMatch(/script|alert|javascript/);
  });

  it('selects an older version with ?version= (loose spelling too) and reports an unknown one', async () => {
    const older = await found(t, 'Acme-Pack', 'v1.0');
    expect(older.selected?.version.version).toBe('1.0.0');
    expect(older.requestedVersionMissing).toBe(false);
    expect(older.classes).toMatchObject({ total: 1, items: [{ name: 'AcmeOld' }] });
    expect(older.compatibility.os).toEqual(['POSIX :: Linux']);
    expect(older.dependencies).toEqual(['numpy']);

    const banned = await found(t, 'Acme-Pack', '0.9.0');
    expect(banned.requestedVersionMissing).toBe(true);
    expect(banned.selected?.version.version).toBe('1.2.0');
  });

  it('has 90 days of downloads ending today, with zeros filled in', async () => {
    const { downloads } = await found(t, 'Acme-Pack');
    expect(downloads).toHaveLength(90);
    expect(downloads.at(-1)).toEqual({ day: '2026-06-01', count: 5 });
    expect(downloads.at(-2)).toEqual({ day: '2026-05-31', count: 0 });
    expect(downloads.at(-3)).toEqual({ day: '2026-05-30', count: 2 });
    expect(downloads.reduce((sum, d) => sum + d.count, 0)).toBe(7);
  });

  it("carries the shown version's class collisions and the pack's advisories: the page calls no other loader", async () => {
    const { db } = t.services;
    const shown = (await found(t, 'Acme-Pack')).selected!.version;
    await insertNode(db, { id: 'Other-Pack', name: 'Other', publisherId: (await insertPublisher(db)).id });
    await db
      .insert(comfyNodeCollisions)
      .values({ nodeVersionId: shown.id, comfyNodeName: 'AcmeBlur', otherNodeId: 'Other-Pack' });
    const data = await found(t, 'Acme-Pack');
    expect(data.collisions).toEqual([{ nodeId: 'Other-Pack', name: 'Other', classes: ['AcmeBlur'] }]);
    expect(data.security).toEqual({ shownVersion: shown.version, entries: [] });
    expect((await found(t, 'Acme-Pack', '1.0.0')).collisions).toEqual([]);
  });

  it('sends another letter case to the canonical id and does not find unknown or deleted nodes', async () => {
    expect(await loadNodePage(t.services, { nodeId: 'acme-pack', version: null })).toEqual({
      kind: 'moved',
      nodeId: 'Acme-Pack',
    });
    expect(await loadNodePage(t.services, { nodeId: 'nope', version: null })).toEqual({ kind: 'not-found' });
    const { db } = t.services;
    const publisher = await insertPublisher(db);
    await insertNode(db, { id: 'gone', publisherId: publisher.id, status: 'NodeStatusDeleted' });
    expect(await loadNodePage(t.services, { nodeId: 'gone', version: null })).toEqual({ kind: 'not-found' });
  });

  it('still shows a banned node, with nothing downloadable and no README', async () => {
    const { db } = t.services;
    const publisher = await insertPublisher(db, { owner: await insertUser(db) });
    await insertNode(db, {
      id: 'bad-pack',
      publisherId: publisher.id,
      status: 'NodeStatusBanned',
      statusDetail: 'Malware',
    });
    const version = await insertVersion(db, { nodeId: 'bad-pack', version: '1.0.0' });
    await storeArchive(t, version, { 'README.md': '# Run me' });
    const data = await found(t, 'bad-pack');
    expect(data.banned).toBe(true);
    expect(data.node.status_detail).toBe('Malware');
    expect(data.versions.map((v) => v.downloadable)).toEqual([false]);
    expect(data.readmeHtml).toBeNull();
  });

  it('offers the newest non-deprecated version when the latest is deprecated, with its message, or none', async () => {
    const data = await found(t, 'Acme-Pack');
    // Acme-Pack's latest (1.2.0) is deprecated: 1.0.0 is offered instead.
    expect(data.deprecated).toBe(true);
    expect(data.recommended?.version.version).toBe('1.0.0');

    const { db } = t.services;
    const publisher = await insertPublisher(db, { owner: await insertUser(db) });
    await insertNode(db, { id: 'old-pack', publisherId: publisher.id });
    await insertVersion(db, { nodeId: 'old-pack', version: '1.0.0', deprecated: true });
    await insertVersion(db, {
      nodeId: 'old-pack',
      version: '2.0.0',
      deprecated: true,
      deprecationMessage: 'Use new-pack instead.',
    });
    const old = await found(t, 'old-pack');
    expect(old).toMatchObject({ deprecated: true, deprecationMessage: 'Use new-pack instead.', recommended: null });
    expect(old.latest?.version.version).toBe('2.0.0');
    expect(old.latest?.version.deprecation_message).toBe('Use new-pack instead.');
  });

  it('marks nodes of a member-less publisher unclaimed and falls back to catalogue class names', async () => {
    const { db } = t.services;
    const publisher = await insertPublisher(db);
    await insertNode(db, { id: 'imported', publisherId: publisher.id, catalogComfyNodeNames: ['Zed', 'Alpha'] });
    const data = await found(t, 'imported');
    expect(data).toMatchObject({ unclaimed: true, latest: null, selected: null, readmeHtml: null, versions: [] });
    expect(data.classes).toEqual({ names: ['Alpha', 'Zed'] });
  });

  it('links every unclaimed, unbanned pack to the claim flow, whether or not this registry can verify it', async () => {
    const { db, config } = t.services;
    const publisher = await insertPublisher(db);
    const github = 'https://github.com/someone/claim-me';
    await insertNode(db, { id: 'claim-me', publisherId: publisher.id, repository: github });
    await insertNode(db, { id: 'claim-gitlab', publisherId: publisher.id, repository: 'https://gitlab.com/a/b' });
    await insertNode(db, {
      id: 'claim-banned',
      publisherId: publisher.id,
      repository: github,
      status: 'NodeStatusBanned',
    });
    // Without a GitHub OAuth app the claim page says so; the node page still shows the way there.
    expect(config.githubOAuth).toBeUndefined();
    expect((await found(t, 'claim-me')).claimLink).toBe(true);
    expect((await found(t, 'claim-gitlab')).claimLink).toBe(true);
    expect((await found(t, 'claim-banned')).claimLink).toBe(false);
    expect((await found(t, 'Acme-Pack')).claimLink).toBe(false);
  });

  it("lists the scan warnings of Active versions only, and none on a banned pack's page", async () => {
    const { db } = t.services;
    const publisher = await insertPublisher(db, { owner: await insertUser(db) });
    const warning = (nodeVersionId: string) => ({
      nodeVersionId,
      ruleId: 'PY030',
      severity: 'medium' as const,
      file: '__init__.py',
      line: 2,
      message: 'Installs Python packages at run time.',
      rulesetVersion: 'test',
    });
    for (const id of ['warned-pack', 'warned-banned']) {
      await insertNode(db, {
        id,
        publisherId: publisher.id,
        ...(id === 'warned-banned' ? { status: 'NodeStatusBanned' as const } : {}),
      });
      const active = await insertVersion(db, { nodeId: id, version: '1.0.0' });
      const flagged = await insertVersion(db, { nodeId: id, version: '1.1.0', status: 'NodeVersionStatusFlagged' });
      await db.insert(versionScanFindings).values([warning(active.id), warning(flagged.id)]);
    }
    const data = await found(t, 'warned-pack');
    const active = data.versions.find((entry) => entry.version.version === '1.0.0')!;
    expect([...data.warnings.keys()]).toEqual([active.version.id]);
    expect(data.warnings.get(active.version.id)).toMatchObject({ total: 1, findings: [{ ruleId: 'PY030', line: 2 }] });
    expect((await found(t, 'warned-banned')).warnings.size).toBe(0);
  });

  it('shows no README for a corrupt archive, a missing object, or an archive without one', async () => {
    const { db } = t.services;
    const publisher = await insertPublisher(db, { owner: await insertUser(db) });
    const cases: [string, Uint8Array | Record<string, string> | null][] = [
      ['corrupt', strToU8('PK not really a zip')],
      ['missing', null],
      ['no-readme', { '__init__.py': '' }],
    ];
    for (const [id, files] of cases) {
      await insertNode(db, { id, publisherId: publisher.id });
      const version = await insertVersion(db, { nodeId: id, version: '1.0.0' });
      if (files) await storeArchive(t, version, files);
      const data = await found(t, id);
      expect(data.latest?.version.version).toBe('1.0.0');
      expect(data.readmeHtml).toBeNull();
    }
    const [row] = await db.select().from(nodes).where(eq(nodes.id, 'missing'));
    expect(row?.latestVersionId).not.toBeNull();
  });
});
