import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, type PackFiles } from '#test/zip.ts';
import { parseHeldCapabilities } from '../../analysis/capabilities/held-capabilities.ts';
import { nodeVersions, versionScanFindings } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { VERSION_SCAN_JOB } from './scan-version.ts';

// HOLD_ON_GAINED_CAPABILITIES through the real scan job: an update that gains a held power over the
// previous Active version is Flagged with a PY920 finding at the place that shows it; off, or for a
// kind not held, or for a first version, it goes Active as before.

const INIT = 'NODE_CLASS_MAPPINGS = {}\n';
const PLAIN: PackFiles = { '__init__.py': INIT, 'nodes.py': 'def run(x):\n    return x\n' };
const WITH_PROCESS: PackFiles = {
  '__init__.py': INIT,
  'nodes.py': 'import subprocess\n\ndef run(x):\n    subprocess.run(["ffmpeg", "-i", x])\n    return x\n',
};
const WITH_NETWORK: PackFiles = {
  '__init__.py': INIT,
  'nodes.py': 'import urllib.request\n\ndef run(u):\n    return urllib.request.urlopen(u).read()\n',
};

describe('hold on gained capabilities', () => {
  let t: TestApp;
  let publisherId: string;

  async function scanNew(nodeId: string, version: string, files: PackFiles) {
    const row = await insertUploadedVersion(t.services, {
      publisherId,
      nodeId,
      version,
      bytes: buildZip(files),
      status: 'NodeVersionStatusPending',
    });
    await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: row.id });
    await t.runJobs();
    const [after] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, row.id));
    const findings = await t.services.db
      .select()
      .from(versionScanFindings)
      .where(eq(versionScanFindings.nodeVersionId, row.id));
    return { status: after!.status, reason: after!.statusReason, findings };
  }

  async function pack(nodeId: string, first: PackFiles) {
    await insertNode(t.services.db, { publisherId, id: nodeId });
    expect((await scanNew(nodeId, '1.0.0', first)).status).toBe('NodeVersionStatusActive');
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { holdOnGainedCapabilities: parseHeldCapabilities('true')! } });
    publisherId = (await insertPublisher(t.services.db)).id;
  });
  afterAll(() => t.close());

  it('holds an update that starts a process when 1.0.0 did not, naming the kind and file:line', async () => {
    await pack('held-update', PLAIN);
    const v2 = await scanNew('held-update', '1.1.0', WITH_PROCESS);
    expect(v2.status).toBe('NodeVersionStatusFlagged');
    expect(v2.reason).toContain('PY920 at nodes.py:4');
    expect(v2.findings.map((f) => [f.ruleId, f.severity, f.file, f.line, f.message])).toEqual([
      ['PY920', 'high', 'nodes.py', 4, expect.stringContaining('(subprocess)')],
    ]);
  });

  it('lets through an update whose new power is not held (network), and a first version with a held one', async () => {
    await pack('network-update', PLAIN);
    expect((await scanNew('network-update', '1.1.0', WITH_NETWORK)).status).toBe('NodeVersionStatusActive');
    await insertNode(t.services.db, { publisherId, id: 'born-with-it' });
    expect((await scanNew('born-with-it', '1.0.0', WITH_PROCESS)).status).toBe('NodeVersionStatusActive');
  });

  it('lets through an update that keeps a power the previous Active version already had', async () => {
    await pack('kept-power', WITH_PROCESS);
    expect((await scanNew('kept-power', '1.1.0', WITH_PROCESS)).status).toBe('NodeVersionStatusActive');
  });

  it('compares with the previous Active version that is not yanked: a yanked 1.1.0 that starts a process does not excuse 1.2.0', async () => {
    await pack('yanked-baseline', PLAIN);
    // 1.1.0 went Active with a process while the setting was off, then its publisher yanked it.
    const held = t.services.config.holdOnGainedCapabilities;
    delete t.services.config.holdOnGainedCapabilities;
    try {
      expect((await scanNew('yanked-baseline', '1.1.0', WITH_PROCESS)).status).toBe('NodeVersionStatusActive');
    } finally {
      t.services.config.holdOnGainedCapabilities = held!;
    }
    await t.services.db
      .update(nodeVersions)
      .set({ yankedAt: new Date(), yankedReason: 'Starts ffmpeg on import.' })
      .where(and(eq(nodeVersions.nodeId, 'yanked-baseline'), eq(nodeVersions.version, '1.1.0')));
    const v3 = await scanNew('yanked-baseline', '1.2.0', WITH_PROCESS);
    expect(v3.status).toBe('NodeVersionStatusFlagged');
    expect(v3.findings.map((f) => `${f.ruleId} ${f.file}:${f.line}`)).toEqual(['PY920 nodes.py:4']);
  });

  it('changes nothing when the setting is off (the default)', async () => {
    // The same app with the operator setting unset: config is read at each scan.
    const held = t.services.config.holdOnGainedCapabilities;
    delete t.services.config.holdOnGainedCapabilities;
    try {
      await pack('hold-off', PLAIN);
      const v2 = await scanNew('hold-off', '1.1.0', WITH_PROCESS);
      expect(v2.status).toBe('NodeVersionStatusActive');
      expect(v2.findings).toEqual([]);
    } finally {
      t.services.config.holdOnGainedCapabilities = held!;
    }
  });

  it('parses the setting: true, off, a list of kinds, and refuses an unknown kind', () => {
    expect(parseHeldCapabilities('true')).toEqual(['subprocess', 'runtime_install', 'dynamic_code', 'http_routes']);
    expect(parseHeldCapabilities('false')).toEqual([]);
    expect(parseHeldCapabilities('')).toEqual([]);
    expect(parseHeldCapabilities(' network, env_reads ')).toEqual(['network', 'env_reads']);
    expect(parseHeldCapabilities('subprocess,telepathy')).toBeNull();
  });
});
