import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { signUp, uniqueEmail, type EmulatorUser } from '#test/firebase-emulator.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, type PackFiles } from '#test/zip.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { VERSION_SCAN_JOB } from '../../services/moderation/scan-version.ts';
import { nodeVersions } from '../../db/schema/index.ts';

// Three versions of one pack, scanned like uploads: 2.0.0 starts a process and installs a package
// at run time, 3.0.0 is back to 1.0.0's code. The changes between them, public and publisher's.

const INIT = 'from .nodes import NODE_CLASS_MAPPINGS\n';
const V1: PackFiles = {
  '__init__.py': INIT,
  'nodes.py': 'class Blur:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Blur": Blur}\n',
  'README.md': '# Blur\n',
};
const V2: PackFiles = {
  '__init__.py': INIT,
  'nodes.py': [
    'import subprocess',
    '',
    'class Blur:',
    '    def run(self, path):',
    '        subprocess.run(["magick", path, "-blur", "2", path])',
    '',
    'NODE_CLASS_MAPPINGS = {"Blur": Blur}',
    '',
  ].join('\n'),
  'install.py': 'import subprocess, sys\nsubprocess.check_call([sys.executable, "-m", "pip", "install", "wand"])\n',
  'README.md': '# Blur\n',
};

describe('GET …/versions/{version}/changes', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let owner: EmulatorUser;
  let stranger: EmulatorUser;
  const mine = (version: string, from: string) =>
    `/publishers/${publisher.id}/nodes/blur-pack/versions/${version}/changes?from=${from}`;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = (await Promise.all(
      [1, 2].map((i) => signUp({ email: uniqueEmail(`changes${i}`), emailVerified: true })),
    )) as [EmulatorUser, EmulatorUser];
    const ownerRow = await insertUser(t.services.db, { id: owner.uid, email: owner.email });
    await insertUser(t.services.db, { id: stranger.uid, email: stranger.email });
    publisher = await insertPublisher(t.services.db, { owner: ownerRow });
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'blur-pack' });
    for (const [version, files] of [
      ['1.0.0', V1],
      ['2.0.0', V2],
      ['3.0.0', V1],
    ] as const) {
      const row = await insertUploadedVersion(t.services, {
        publisherId: publisher.id,
        nodeId: 'blur-pack',
        version,
        bytes: buildZip(files),
        status: 'NodeVersionStatusPending',
      });
      await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: row.id });
    }
    await t.runJobs();
  });
  afterAll(() => t.close());

  it('shows what 2.0.0 gained over 1.0.0: a process and a runtime pip install, with file and line', async () => {
    const response = await t.request('/nodes/blur-pack/versions/2.0.0/changes?from=1.0.0');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      node_id: 'blur-pack',
      version: '2.0.0',
      from: '1.0.0',
      files: {
        added: 1,
        removed: 0,
        changed: 1,
        unchanged: 2,
        added_files: ['install.py'],
        removed_files: [],
        changed_files: ['nodes.py'],
        truncated: false,
      },
      findings: [{ rule_id: 'PY030', severity: 'medium', added: [{ file: 'install.py', line: 2 }], removed: [] }],
    });
    const places = (list: { kind: string; places: { file: string; line: number }[] }[]) =>
      list.map((c) => `${c.kind} ${c.places.map((p) => `${p.file}:${p.line}`).join(' ')}`);
    expect(places(body.capabilities.gained)).toEqual([
      'subprocess install.py:2 nodes.py:5',
      'runtime_install install.py:2',
    ]);
    expect(body.capabilities.lost).toEqual([]);
  });

  it('shows 3.0.0 losing them again, where 2.0.0 had them', async () => {
    const body = await (await t.request('/nodes/blur-pack/versions/3.0.0/changes?from=2.0.0')).json();
    expect(body.capabilities.gained).toEqual([]);
    expect(body.capabilities.lost.map((c: { kind: string }) => c.kind)).toEqual(['subprocess', 'runtime_install']);
    expect(body.files).toMatchObject({ added: 0, removed: 1, changed: 1, removed_files: ['install.py'] });
    expect(body.findings).toMatchObject([{ rule_id: 'PY030', added: [], removed: [{ file: 'install.py', line: 2 }] }]);
  });

  it('answers the publisher view to its members only', async () => {
    const ok = await t.request(mine('2.0.0', 'v1.0'), { token: owner.idToken });
    expect(ok.status).toBe(200);
    expect((await ok.json()).capabilities.gained).toHaveLength(2);
    expect((await t.request(mine('2.0.0', '1.0.0'))).status).toBe(401);
    const outsider = await t.request(mine('2.0.0', '1.0.0'), { token: stranger.idToken });
    expect(outsider.status).toBe(403);
  });

  it('says which version is unknown (404 version_not_found), refuses comparing a version with itself and a missing from', async () => {
    const unknown = await t.request('/nodes/blur-pack/versions/9.9.9/changes?from=1.0.0');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: 'version_not_found',
      message: expect.stringContaining('9.9.9'),
    });
    const unknownFrom = await t.request(mine('2.0.0', '0.0.1'), { token: owner.idToken });
    expect(unknownFrom.status).toBe(404);
    expect(await unknownFrom.json()).toMatchObject({
      error: 'version_not_found',
      message: expect.stringContaining('0.0.1'),
    });
    const same = await t.request('/nodes/blur-pack/versions/2.0.0/changes?from=v2.0.0');
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ error: 'same_version' });
    const missing = await t.request('/nodes/blur-pack/versions/2.0.0/changes');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: expect.stringContaining('from') });
  });

  it('compares with the previous Active version when the publisher names no from (the capability hold’s baseline)', async () => {
    const byDefault = await t.request(mine('2.0.0', '').replace('?from=', ''), { token: owner.idToken });
    expect(byDefault.status).toBe(200);
    const body = await byDefault.json();
    expect(body.from).toBe('1.0.0');
    expect(body.capabilities.gained.map((c: { kind: string }) => c.kind)).toEqual(['subprocess', 'runtime_install']);
    const first = await t.request(mine('1.0.0', '').replace('?from=', ''), { token: owner.idToken });
    expect(first.status).toBe(404);
    expect(await first.json()).toMatchObject({
      error: 'no_previous_version',
      message: expect.stringContaining('1.0.0'),
    });
    // A yanked 2.0.0 is no baseline: 3.0.0 is compared with 1.0.0 (same code, nothing gained or lost).
    await t.services.db
      .update(nodeVersions)
      .set({ yankedAt: new Date(), yankedReason: 'Starts a process.' })
      .where(and(eq(nodeVersions.nodeId, 'blur-pack'), eq(nodeVersions.version, '2.0.0')));
    const afterYank = await (await t.request(mine('3.0.0', '').replace('?from=', ''), { token: owner.idToken })).json();
    expect(afterYank).toMatchObject({ from: '1.0.0', capabilities: { gained: [], lost: [] } });
  });
});
