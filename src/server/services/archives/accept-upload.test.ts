import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles, zipWithSymlink } from '#test/zip.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { archives, jobs, nodeVersions } from '../../db/schema/index.ts';
import { insertToken } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { PASSED_REASON } from '../moderation/verdict.ts';
import { acceptUploadedArchive } from './accept-upload.ts';
import { AWAIT_UPLOAD_JOB } from './await-upload.ts';

// The path a remote store (S3) takes: the object is already in the bucket, the API never saw it.

describe('acceptUploadedArchive without bytes (object already in the store)', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let token: string;
  let counter = 0;

  async function publish() {
    const nodeId = `direct-${++counter}`;
    const response = await t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(token, nodeId, '1.0.0'),
    });
    const body = (await response.json()) as { signedUrl: string; node_version: { id: string } };
    return { key: new URL(body.signedUrl).searchParams.get('key')!, versionId: body.node_version.id };
  }
  const version = async (id: string) =>
    (await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    publisher = await insertPublisher(t.services.db);
    ({ token } = await insertToken(t.services.db, publisher));
  });
  afterAll(() => t.close());

  it('reads the object back, records it and queues the scan; a second call is a no-op', async () => {
    const { key, versionId } = await publish();
    const zip = buildZip(samplePackFiles());
    await t.services.storage.put(key, zip, 'application/zip');
    const result = await acceptUploadedArchive(t.services, key);
    expect(result.status).toBe('accepted');
    // Accepted is not installable: the version waits for the moderation pipeline.
    expect(await version(versionId)).toMatchObject({ status: 'NodeVersionStatusPending', statusReason: '' });
    const queued = await t.services.db.select().from(jobs).where(eq(jobs.kind, 'version.scan'));
    expect(queued.map((job) => job.payload)).toContainEqual({ versionId });
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.key, key));
    expect(archive!.size).toBe(zip.length);
    expect(await acceptUploadedArchive(t.services, key)).toEqual({ status: 'already_accepted' });

    expect(await t.runJobs()).toBe(1);
    expect(await version(versionId)).toMatchObject({ status: 'NodeVersionStatusActive', statusReason: PASSED_REASON });
  });

  it('deletes an unacceptable object and leaves the version Pending with the reason', async () => {
    const { key, versionId } = await publish();
    await t.services.storage.put(key, zipWithSymlink('/etc/passwd', 'link.py'), 'application/zip');
    expect(await acceptUploadedArchive(t.services, key)).toEqual({
      status: 'rejected',
      code: 'invalid_archive',
      message: 'Archive entry "link.py" is a symbolic link.',
    });
    expect(await t.services.storage.get(key)).toBeNull();
    expect(await version(versionId)).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: 'Archive rejected: Archive entry "link.py" is a symbolic link.',
    });
  });

  it('refuses a zip bomb with a clear reason, and deletes it', async () => {
    const { key, versionId } = await publish();
    const bomb = buildZip({ '__init__.py': '# ok', 'model.bin': new Uint8Array(8 * 1024 * 1024) });
    await t.services.storage.put(key, bomb, 'application/zip');
    const result = await acceptUploadedArchive(t.services, key);
    expect(result).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/"model\.bin" inflates \d+ times/),
    });
    expect(await t.services.storage.get(key)).toBeNull();
    expect((await version(versionId)).statusReason).toMatch(/^Archive rejected: .*which is how zip bombs are made\.$/);
  });

  it('refuses an object over the size cap', async () => {
    const { key } = await publish();
    const huge = new Uint8Array(t.services.config.maxArchiveBytes + 1);
    await t.services.storage.put(key, huge, 'application/zip');
    expect(await acceptUploadedArchive(t.services, key)).toEqual({
      status: 'rejected',
      code: 'invalid_archive',
      message: `The archive is larger than ${t.services.config.maxArchiveBytes} bytes.`,
    });
  });

  it('reports a missing object and an unknown key', async () => {
    const { key } = await publish();
    // The filesystem store's upload route accepts uploads itself: publish queues no wait for one.
    expect(await t.services.db.select().from(jobs).where(eq(jobs.kind, AWAIT_UPLOAD_JOB.name))).toEqual([]);
    expect(await acceptUploadedArchive(t.services, key)).toEqual({ status: 'missing_object' });
    expect(await acceptUploadedArchive(t.services, 'nobody/none/1.0.0/node.zip')).toEqual({ status: 'unknown_key' });
  });
});
