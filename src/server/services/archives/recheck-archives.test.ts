import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { offsetShiftAttack } from '#test/hostile-zips.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildRawZip } from '#test/zip-builder.ts';
import { ARCHIVE_RULES_VERSION } from '../../analysis/pack/zip-rule.ts';
import { RULES } from '../../analysis/scan/rules.ts';
import { auditLog, jobs, nodes, nodeVersions, versionScanFindings } from '../../db/schema/index.ts';
import { buildDemoArchive } from '../../seed/demo-archive.ts';
import { RECHECK_AUDIT_ACTION } from './flag-stored-archive.ts';
import { queueArchiveRecheck, queueArchiveRecheckOnce, RECHECK_QUEUED_ACTION } from './queue-archive-recheck.ts';
import { ARCHIVE_RECHECK_JOB, recheckActiveArchives } from './recheck-archives.ts';

// Archives accepted before the strict archive rules are checked again: an Active version whose
// stored archive extractors could read differently is Flagged for review, with the reason.

describe('the archive re-check job', () => {
  let t: TestApp;
  let who: AdminActors;
  const ids: Record<string, string> = {};
  let nodeId: string;

  const statusOf = async (id: string) =>
    (await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, id)))[0]!;
  const recheckAudits = () => t.services.db.select().from(auditLog).where(eq(auditLog.action, RECHECK_AUDIT_ACTION));

  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    const db = t.services.db;
    const publisher = await insertPublisher(db);
    const node = await insertNode(db, { publisherId: publisher.id });
    nodeId = node.id;
    const versions = {
      clean: {
        version: '1.0.0',
        bytes: buildDemoArchive({
          nodeId,
          displayName: 'Clean',
          description: 'clean pack',
          version: '1.0.0',
          publisherId: publisher.id,
          classes: ['CleanNode'],
        }).bytes,
      },
      // Accepted by the old check: our readers saw a clean pack, Python's zipfile a payload.
      shifted: { version: '1.1.0', bytes: offsetShiftAttack() },
      prefixed: {
        version: '1.2.0',
        bytes: buildRawZip([{ name: '__init__.py', data: '# x\n' }], { prefix: new TextEncoder().encode('junk') }),
      },
    };
    for (const [label, { version, bytes }] of Object.entries(versions)) {
      ids[label] = (await insertUploadedVersion(t.services, { publisherId: publisher.id, nodeId, version, bytes })).id;
    }
    // Beyond one batch of 25, so the job has to hand over to a next one.
    for (let i = 0; i < 25; i += 1) {
      const bytes = buildRawZip([{ name: '__init__.py', data: `# filler ${i}\n` }]);
      await insertUploadedVersion(t.services, { publisherId: publisher.id, nodeId, version: `0.0.${i}`, bytes });
    }
  });
  afterAll(() => t.close());

  it('is queued once per archive-rule version, however often the server starts', async () => {
    expect(await queueArchiveRecheckOnce(t.services.db)).toBe(true);
    expect(await queueArchiveRecheckOnce(t.services.db)).toBe(false);
    expect(await Promise.all([queueArchiveRecheckOnce(t.services.db), queueArchiveRecheckOnce(t.services.db)])).toEqual(
      [false, false],
    );
    const queued = await t.services.db.select().from(jobs).where(eq(jobs.kind, ARCHIVE_RECHECK_JOB.name));
    expect(queued.map((job) => job.payload)).toEqual([
      { rulesVersion: ARCHIVE_RULES_VERSION, trigger: 'rules-changed' },
    ]);
    const markers = await t.services.db.select().from(auditLog).where(eq(auditLog.action, RECHECK_QUEUED_ACTION));
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({
      targetType: 'archive_rules',
      targetId: ARCHIVE_RULES_VERSION,
      actorKind: 'system',
    });
  });

  it('flags the ambiguous archives with the rule that broke, audited, and leaves the clean ones Active', async () => {
    // Two batches: 28 Active versions, 25 per job.
    expect(await t.runJobs()).toBe(2);
    const shifted = await statusOf(ids['shifted']!);
    expect(shifted.status).toBe('NodeVersionStatusFlagged');
    expect(shifted.statusReason).toMatch(
      new RegExp(
        `^Archive re-check \\(archive rules ${ARCHIVE_RULES_VERSION.replaceAll('.', '\\.')}\\) failed: The archive is ambiguous \\(bytes-before-archive\\): the end record puts the central directory at byte \\d+`,
      ),
    );
    expect(await statusOf(ids['prefixed']!)).toMatchObject({ status: 'NodeVersionStatusFlagged' });
    expect(await statusOf(ids['clean']!)).toMatchObject({ status: 'NodeVersionStatusActive' });
    const active = await t.services.db
      .select()
      .from(nodeVersions)
      .where(and(eq(nodeVersions.nodeId, nodeId), eq(nodeVersions.status, 'NodeVersionStatusActive')));
    expect(active).toHaveLength(26);

    const findings = await t.services.db
      .select()
      .from(versionScanFindings)
      .where(eq(versionScanFindings.nodeVersionId, ids['shifted']!));
    expect(findings).toMatchObject([{ ruleId: RULES.invalidArchive.id, severity: 'critical' }]);
    expect(findings[0]!.message).toContain('The archive is ambiguous (bytes-before-archive)');

    const audits = await recheckAudits();
    expect(audits.map((a) => a.targetId).sort()).toEqual([ids['shifted'], ids['prefixed']].sort());
    expect(audits.find((a) => a.targetId === ids['shifted'])).toMatchObject({
      actorKind: 'system',
      before: { status: 'NodeVersionStatusActive' },
      after: { status: 'NodeVersionStatusFlagged', archiveRules: ARCHIVE_RULES_VERSION, rule: 'bytes-before-archive' },
    });
    // The node's latest version was 1.2.0 (now Flagged): it falls back to the clean 1.0.0.
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId));
    expect(node!.latestVersionId).toBe(ids['clean']);
  });

  it('puts them in the admin review queue with the finding that says why', async () => {
    const response = await t.request(`/admin/review-queue?nodeId=${nodeId}`, { token: who.admin.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      items: {
        version: { id: string; status_reason: string };
        files: { findings: { rule_id: string; message: string }[] }[];
      }[];
    };
    const item = body.items.find((i) => i.version.id === ids['shifted']);
    expect(item?.version.status_reason).toMatch(/^Archive re-check .* failed: The archive is ambiguous/);
    expect(item?.files[0]?.findings[0]).toMatchObject({
      rule_id: RULES.invalidArchive.id,
      message: expect.stringContaining('bytes-before-archive'),
    });
  });

  it('changes nothing when run again, and leaves alone a version an admin approved after its flag', async () => {
    const approve = await t.request('/admin/versions/batch', {
      method: 'POST',
      token: who.admin.token,
      json: { action: 'approve', reason: 'checked by hand: harmless prefix', version_ids: [ids['prefixed']] },
    });
    expect(approve.status).toBe(200);
    const before = await t.services.db
      .select()
      .from(nodeVersions)
      .where(inArray(nodeVersions.id, Object.values(ids)));

    await queueArchiveRecheck(t.services.db, 'test');
    expect(await t.runJobs()).toBe(2);
    const summary = await recheckActiveArchives(t.services);
    expect(summary).toMatchObject({ checked: 27, flagged: [], missing: [] });

    const after = await t.services.db
      .select()
      .from(nodeVersions)
      .where(inArray(nodeVersions.id, Object.values(ids)));
    expect(after).toEqual(before);
    expect(await statusOf(ids['prefixed']!)).toMatchObject({ status: 'NodeVersionStatusActive' });
    expect(await recheckAudits()).toHaveLength(2);
  });
});
