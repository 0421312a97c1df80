import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { archives, jobs, nodeVersions } from '../../db/schema/index.ts';
import { ARCHIVE_HASH_BACKFILL_JOB, queueArchiveHashBackfill } from './backfill-archive-hashes.ts';

// Accepted archives whose sha256 was never recorded get it from the stored bytes, through the job
// queued at start-up, so every downloadable version carries a hash clients can check.

describe('the archive hash backfill', () => {
  let t: TestApp;
  let nodeId: string;
  const bytes = new TextEncoder().encode('PK\u0005\u0006'.padEnd(22, '\u0000'));
  const expected = createHash('sha256').update(bytes).digest('hex');

  beforeAll(async () => {
    t = await createTestApp();
    const publisher = await insertPublisher(t.services.db);
    nodeId = (await insertNode(t.services.db, { publisherId: publisher.id })).id;
    const version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId,
      version: '1.0.0',
      bytes,
    });
    // As an installation from before the hash was recorded left it.
    await t.services.db.update(archives).set({ sha256: null, size: null }).where(eq(archives.id, version.archiveId!));
  });
  afterAll(() => t.close());

  it('is queued once at start-up and fills sha256 and size from the stored bytes', async () => {
    const before = await (await t.request(`/nodes/${nodeId}/versions/1.0.0`)).json();
    expect(before).not.toHaveProperty('sha256');

    expect(await queueArchiveHashBackfill(t.services.db)).toBe(true);
    // A second instance starting meanwhile queues nothing more.
    expect(await queueArchiveHashBackfill(t.services.db)).toBe(false);
    expect(await t.runJobs()).toBe(1);

    const [row] = await t.services.db
      .select({ sha256: archives.sha256, size: archives.size })
      .from(nodeVersions)
      .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
      .where(eq(nodeVersions.nodeId, nodeId));
    expect(row).toEqual({ sha256: expected, size: bytes.length });
    const after = await (await t.request(`/nodes/${nodeId}/versions/1.0.0`)).json();
    expect(after).toMatchObject({ sha256: expected });
    // Nothing left: start-up queues nothing.
    expect(await queueArchiveHashBackfill(t.services.db)).toBe(false);
    const queued = await t.services.db.select().from(jobs).where(eq(jobs.kind, ARCHIVE_HASH_BACKFILL_JOB.name));
    expect(queued.map((job) => job.status)).toEqual(['succeeded']);
  });
});
