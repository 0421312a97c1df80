import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher, insertToken } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { startS3Server, TEST_S3, type TestS3Server } from '#test/s3-server.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { offsetShiftAttack } from '#test/hostile-zips.ts';
import { buildZip, samplePackFiles, zipWithSymlink } from '#test/zip.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { archives, jobs, nodes, nodeVersions } from '../../db/schema/index.ts';
import { sweepAbandonedUploads } from './upload-janitor.ts';
import { createS3Storage } from '../../storage/s3.ts';
import { PASSED_REASON } from '../moderation/verdict.ts';
import { AWAIT_UPLOAD_JOB, NO_UPLOAD_REASON, nextLookMs } from './await-upload.ts';

// With S3 the zip goes straight to the bucket. The job queued at publish must find it, accept it
// and hand it to the scan with no admin and no upload route involved. Real S3-compatible server.

let s3: TestS3Server;
let t: TestApp;
let publisher: PublisherRow;
let token: string;
let counter = 0;

beforeAll(async () => {
  s3 = await startS3Server();
  const storage = createS3Storage({
    endpoint: s3.endpoint,
    clientEndpoint: s3.clientEndpoint,
    ...TEST_S3,
    clock: { now: () => new Date() },
  });
  t = await createTestApp({ storage, config: { maxArchiveBytes: 256 * 1024 } });
  publisher = await insertPublisher(t.services.db);
  ({ token } = await insertToken(t.services.db, publisher));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function publish() {
  const nodeId = `s3-pack-${++counter}`;
  const response = await t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
    method: 'POST',
    json: comfyCliPublishBody(token, nodeId, '1.0.0'),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { signedUrl: string; node_version: { id: string } };
  return { nodeId, signedUrl: body.signedUrl, versionId: body.node_version.id, key: keyOf(nodeId) };
}
const keyOf = (nodeId: string) => `${publisher.id}/${nodeId}/1.0.0/node.zip`;

const upload = (signedUrl: string, bytes: Uint8Array) =>
  fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: bytes as BodyInit });

async function awaitJob(key: string) {
  const rows = await t.services.db.select().from(jobs).where(eq(jobs.kind, AWAIT_UPLOAD_JOB.name));
  return rows.find((row) => (row.payload as { archiveKey: string }).archiveKey === key)!;
}
/** Makes every queued job due now (the worker would get there after its wait). */
const makeDue = () =>
  t.services.db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(eq(jobs.status, 'queued'));
const version = async (id: string) =>
  (await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, id)))[0]!;
const inBucket = async (key: string) =>
  s3.client.send(new HeadObjectCommand({ Bucket: TEST_S3.bucket, Key: key })).then(
    () => true,
    (error: { name?: string }) => (error.name === 'NotFound' ? false : Promise.reject(error)),
  );

describe('the archive.await_upload job (S3 direct uploads)', () => {
  it('publish queues it; it waits for the upload, accepts it, and the scan makes the version Active', async () => {
    const published = await publish();
    const job = await awaitJob(published.key);
    expect(job).toMatchObject({ status: 'queued', attempts: 0 });
    const expiresIn = Date.parse((job.payload as { uploadExpiresAt: string }).uploadExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    // Nothing uploaded yet: the job waits (no failure), the version stays Pending.
    await makeDue();
    expect(await t.runJobs()).toBe(1);
    expect(await awaitJob(published.key)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'No archive uploaded yet.',
    });
    expect((await version(published.versionId)).status).toBe('NodeVersionStatusPending');

    // The client uploads to the presigned URL; the next look accepts it, the scan decides.
    const zip = buildZip(samplePackFiles(published.nodeId));
    expect((await upload(published.signedUrl, zip)).status).toBe(200);
    await makeDue();
    expect(await t.runJobs()).toBe(2); // the await job, then the version.scan job it queued
    expect(await awaitJob(published.key)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await version(published.versionId)).toMatchObject({
      status: 'NodeVersionStatusActive',
      statusReason: PASSED_REASON,
    });
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, published.nodeId));
    expect(node!.latestVersionId).toBe(published.versionId);
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.key, published.key));
    expect(archive).toMatchObject({ size: zip.length });

    // Installable: the download redirects to the bucket, which serves the exact bytes.
    const install = await t.request(`/nodes/${published.nodeId}/install?version=1.0.0`);
    expect(install.status).toBe(200);
    const { downloadUrl } = (await install.json()) as { downloadUrl: string };
    const redirect = await t.request(downloadUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const download = await fetch(redirect.headers.get('location')!);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(zip);

    // And searchable, through the ordinary change feed.
    await t.syncSearch();
    const search = await t.request(`/nodes/search?search=${published.nodeId}`);
    expect(((await search.json()) as { nodes: Array<{ id: string }> }).nodes.map((n) => n.id)).toContain(
      published.nodeId,
    );
  });

  it('deletes an unacceptable upload, keeps waiting for a good one, and accepts it', async () => {
    const published = await publish();
    expect((await upload(published.signedUrl, zipWithSymlink('/etc/passwd', 'link.py'))).status).toBe(200);
    await makeDue();
    await t.runJobs();
    expect(await inBucket(published.key)).toBe(false);
    expect(await version(published.versionId)).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: 'Archive rejected: Archive entry "link.py" is a symbolic link.',
    });
    expect((await awaitJob(published.key)).status).toBe('queued');

    // Larger than MAX_ARCHIVE_BYTES: refused from its size alone, deleted too.
    expect((await upload(published.signedUrl, new Uint8Array(256 * 1024 + 1))).status).toBe(200);
    await makeDue();
    await t.runJobs();
    expect(await inBucket(published.key)).toBe(false);
    expect((await version(published.versionId)).statusReason).toBe(
      `Archive rejected: The archive is larger than ${256 * 1024} bytes.`,
    );

    // The same signed URL, still valid, with a good zip.
    expect((await upload(published.signedUrl, buildZip(samplePackFiles(published.nodeId)))).status).toBe(200);
    await makeDue();
    await t.runJobs();
    expect(await version(published.versionId)).toMatchObject({
      status: 'NodeVersionStatusActive',
      statusReason: PASSED_REASON,
    });
  });

  it('refuses an archive Python would read differently: deleted, the rule in the reason, never Active', async () => {
    const published = await publish();
    expect((await upload(published.signedUrl, offsetShiftAttack())).status).toBe(200);
    await makeDue();
    expect(await t.runJobs()).toBe(1); // the await job only: no scan is queued for refused bytes
    expect(await inBucket(published.key)).toBe(false);
    const refused = await version(published.versionId);
    expect(refused.status).toBe('NodeVersionStatusPending');
    expect(refused.statusReason).toMatch(
      /^Archive rejected: The archive is ambiguous \(bytes-before-archive\): the end record puts the central directory at byte \d+, but it sits at byte \d+/,
    );
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.key, published.key));
    expect(archive).toMatchObject({ uploadedAt: null, sha256: null });

    // The URL expires without a better upload: the job gives up, the version keeps the reason.
    const job = await awaitJob(published.key);
    await t.services.db
      .update(jobs)
      .set({ payload: { ...(job.payload as object), uploadExpiresAt: new Date(0).toISOString() }, runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    expect(await t.runJobs()).toBe(1);
    expect((await awaitJob(published.key)).status).toBe('failed');
    expect(await version(published.versionId)).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: refused.statusReason,
    });
  });

  it('gives up once the URL expired, and the janitor never deletes an object it is still waiting for', async () => {
    const published = await publish();
    // Published two hours ago as far as the janitor is concerned, with an object in the bucket
    // that the (backed-up) job has not looked at yet: it must stay.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await t.services.db.update(archives).set({ createdAt: twoHoursAgo }).where(eq(archives.key, published.key));
    await t.services.storage.put(published.key, buildZip(samplePackFiles()), 'application/zip');
    await sweepAbandonedUploads(t.services);
    expect(await inBucket(published.key)).toBe(true);

    // No upload after all, and the URL (plus the late-upload grace) is long expired.
    await t.services.storage.delete(published.key);
    const job = await awaitJob(published.key);
    await t.services.db
      .update(jobs)
      .set({ payload: { ...(job.payload as object), uploadExpiresAt: twoHoursAgo.toISOString() }, runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    expect(await t.runJobs()).toBe(1);
    expect(await awaitJob(published.key)).toMatchObject({ status: 'failed', lastError: 'No archive uploaded yet.' });
    expect(await version(published.versionId)).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: NO_UPLOAD_REASON,
    });

    // Nobody waits any more: an object arriving now is abandoned and swept.
    await t.services.storage.put(published.key, buildZip(samplePackFiles()), 'application/zip');
    await sweepAbandonedUploads(t.services);
    expect(await inBucket(published.key)).toBe(false);
  });

  it('looks again after 1 s, 2 s, 4 s… then every minute', () => {
    expect([1, 2, 3, 4, 7, 8, 30].map(nextLookMs)).toEqual([1_000, 2_000, 4_000, 8_000, 60_000, 60_000, 60_000]);
  });
});
