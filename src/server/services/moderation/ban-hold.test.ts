import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertPublisher, insertToken, insertUser } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { archives, auditLog, jobs, nodes, nodeVersions, versionScans } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JobWorker } from '../../jobs/worker.ts';
import { acceptUploadedArchive } from '../archives/accept-upload.ts';
import { BAN_HOLD_PREFIX } from './ban-hold.ts';
import { VERSION_SCAN_JOB, versionScanHandler } from './scan-version.ts';

// A ban of the node, its publisher or the publishing account can land at any point between the
// upload URL being issued and the scan finishing. Whatever the moment, the version never becomes
// Active: before the upload the upload is refused; after it, the scan holds the version (Flagged,
// audited). Bans go through the admin API, scans through the real job worker.

type BanKind = 'node' | 'publisher' | 'user';
const BANS: Array<[BanKind, string]> = [
  ['node', 'node_banned'],
  ['publisher', 'publisher_banned'],
  ['user', 'user_banned'],
];

describe('bans against uploads and scans', () => {
  let t: TestApp;
  let admin: Actor;
  let counter = 0;
  const zip = buildZip(samplePackFiles());

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, { admin: true });
  });
  afterAll(() => t.close());

  interface Published {
    user: UserRow;
    publisher: PublisherRow;
    nodeId: string;
    versionId: string;
    signedUrl: string;
    key: string;
  }

  /** A fresh owner, publisher, token and node, published like comfy-cli: the upload URL is issued. */
  async function published(): Promise<Published> {
    const user = await insertUser(t.services.db);
    const publisher = await insertPublisher(t.services.db, { owner: user });
    const { token } = await insertToken(t.services.db, publisher, { createdBy: user.id });
    const nodeId = `held-node-${++counter}`;
    const response = await t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(token, nodeId, '1.0.0'),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { signedUrl: string; node_version: { id: string } };
    const key = new URL(body.signedUrl).searchParams.get('key')!;
    return { user, publisher, nodeId, versionId: body.node_version.id, signedUrl: body.signedUrl, key };
  }

  async function ban(kind: BanKind, p: Published) {
    const [path, method, json] =
      kind === 'node'
        ? [`/publishers/${p.publisher.id}/nodes/${p.nodeId}/ban`, 'POST', { reason: 'malware' }]
        : kind === 'publisher'
          ? [`/publishers/${p.publisher.id}/ban`, 'POST', undefined]
          : [`/admin/users/${p.user.id}`, 'PUT', { status: 'UserStatusBanned' }];
    const response = await t.request(path, { method, token: admin.token, ...(json ? { json } : {}) });
    expect(response.status).toBeLessThan(300);
  }

  const upload = (p: Published) =>
    t.request(p.signedUrl, { method: 'PUT', body: zip, headers: { 'content-type': 'application/zip' } });
  const versionOf = async (p: Published) =>
    (await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, p.versionId)))[0]!;
  const scanJobsOf = async (p: Published) =>
    (await t.services.db.select().from(jobs).where(eq(jobs.kind, VERSION_SCAN_JOB.name))).filter(
      (job) => (job.payload as { versionId?: string }).versionId === p.versionId,
    );

  /** The scan ran and held the version: Flagged with the ban's reason, audited, not the latest. */
  async function expectHeld(p: Published, code: string) {
    const version = await versionOf(p);
    expect(version.status).toBe('NodeVersionStatusFlagged');
    expect(version.statusReason.startsWith(BAN_HOLD_PREFIX)).toBe(true);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, p.versionId), eq(auditLog.action, 'node_version.scan_held')));
    expect(audit?.after).toMatchObject({
      heldFor: code,
      verdict: 'NodeVersionStatusActive',
      status: 'NodeVersionStatusFlagged',
    });
    const [scan] = await t.services.db.select().from(versionScans).where(eq(versionScans.nodeVersionId, p.versionId));
    expect(scan).toMatchObject({ outcome: 'clean', appliedStatus: null });
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, p.nodeId));
    expect(node!.latestVersionId).toBeNull();
  }

  it('control: with no ban the upload is accepted and the scan makes the version Active', async () => {
    const p = await published();
    expect((await upload(p)).status).toBe(200);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect((await versionOf(p)).status).toBe('NodeVersionStatusActive');
  });

  it.each(BANS)('%s banned before the publish: the publish itself is refused (403 %s)', async (kind, code) => {
    const user = await insertUser(t.services.db);
    const publisher = await insertPublisher(t.services.db, { owner: user });
    const { token } = await insertToken(t.services.db, publisher, { createdBy: user.id });
    const nodeId = `held-node-${++counter}`;
    const p = { user, publisher, nodeId } as Published;
    if (kind === 'node') {
      // A node must exist to be banned: publish once, then try the next version.
      const first = await t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
        method: 'POST',
        json: comfyCliPublishBody(token, nodeId, '0.9.0'),
      });
      expect(first.status).toBe(201);
    }
    await ban(kind, p);
    const response = await t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(token, nodeId, '1.0.0'),
    });
    expect({ status: response.status, error: ((await response.json()) as { error: string }).error }).toEqual({
      status: 403,
      error: code,
    });
  });

  it.each(BANS)('%s banned after the upload URL was issued: the upload is refused (403 %s)', async (kind, code) => {
    const p = await published();
    await ban(kind, p);
    const response = await upload(p);
    const body = (await response.json()) as { error: string; message: string };
    expect({ status: response.status, error: body.error }).toEqual({ status: 403, error: code });
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.key, p.key));
    expect(archive!.uploadedAt).toBeNull();
    expect(await t.services.storage.get(p.key)).toBeNull();
    expect(await scanJobsOf(p)).toEqual([]);
    expect(await versionOf(p)).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: `Archive rejected: ${body.message}`,
    });
  });

  it('node banned before a direct (S3-style) upload is picked up: refused, object deleted, nothing queued', async () => {
    const p = await published();
    await t.services.storage.put(p.key, zip, 'application/zip');
    await ban('node', p);
    const result = await acceptUploadedArchive(t.services, p.key);
    expect(result).toMatchObject({ status: 'refused', error: { code: 'node_banned' } });
    expect(await t.services.storage.get(p.key)).toBeNull();
    expect(await scanJobsOf(p)).toEqual([]);
  });

  it.each(BANS)('%s banned while the scan job waits in the queue: held, never Active (%s)', async (kind, code) => {
    const p = await published();
    expect((await upload(p)).status).toBe(200);
    expect(await scanJobsOf(p)).toHaveLength(1);
    await ban(kind, p);
    await t.runJobs();
    expect((await scanJobsOf(p))[0]).toMatchObject({ status: 'succeeded' });
    await expectHeld(p, code);
  });

  it.each(BANS)('%s banned while the scan runs: held, never Active (%s)', async (kind, code) => {
    const p = await published();
    expect((await upload(p)).status).toBe(200);
    let banned = 0;
    const worker = new JobWorker(
      t.services,
      [
        versionScanHandler({
          afterAnalysis: async () => {
            banned++;
            await ban(kind, p);
          },
        }),
      ],
      { log: () => {} },
    );
    expect(await worker.runDue()).toBe(1);
    expect(banned).toBe(1);
    await expectHeld(p, code);
  });

  it('a held version stays held: a rescan cannot lift it, only an admin', async () => {
    const p = await published();
    expect((await upload(p)).status).toBe(200);
    await ban('publisher', p);
    await t.runJobs();
    await expectHeld(p, 'publisher_banned');
    expect(
      (await t.request(`/publishers/${p.publisher.id}/unban`, { method: 'POST', token: admin.token })).status,
    ).toBe(204);
    // Scan again as a rescan would (the pipeline may only decide what it decided itself).
    await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: p.versionId });
    await t.runJobs();
    expect((await versionOf(p)).status).toBe('NodeVersionStatusFlagged');
  });
});
