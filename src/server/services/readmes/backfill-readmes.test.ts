import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { archiveReadmes, jobs } from '../../db/schema/index.ts';
import { queueReadmeBackfill, README_BACKFILL_JOB } from './backfill-readmes.ts';
import { renderReadme } from './render-readme.ts';
import { repositoryBases } from './repository-urls.ts';

// Archives accepted before READMEs were stored at scan time get theirs through the job queued at
// start-up, so node pages of existing versions stop reading archives too.

describe('the README backfill', () => {
  let t: TestApp;
  const repository = 'https://github.com/acme/old-pack';
  const archiveIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { id: 'old-pack', publisherId: publisher.id, repository });
    // As an installation from before this change left them: accepted, scanned, no stored README.
    for (const [version, files] of [
      ['1.0.0', { 'README.md': '# Old pack\n\nFirst.' }],
      ['1.1.0', { 'docs.txt': 'no readme here' }],
    ] as const) {
      const row = await insertUploadedVersion(t.services, {
        publisherId: publisher.id,
        nodeId: 'old-pack',
        version,
        bytes: buildZip({ ...samplePackFiles('old-pack'), ...files }),
      });
      archiveIds.push(row.archiveId!);
    }
  });
  afterAll(() => t.close());

  it('is queued once at start-up and stores every archive README (or its absence)', async () => {
    expect(await t.services.db.select().from(archiveReadmes)).toEqual([]);
    expect(await queueReadmeBackfill(t.services.db)).toBe(true);
    // A second instance starting meanwhile queues nothing more.
    expect(await queueReadmeBackfill(t.services.db)).toBe(false);
    expect(await t.runJobs()).toBe(1);

    const rows = await t.services.db
      .select({ archiveId: archiveReadmes.archiveId, html: archiveReadmes.html, repository: archiveReadmes.repository })
      .from(archiveReadmes);
    const byArchive = new Map(rows.map((row) => [row.archiveId, row]));
    expect(byArchive.get(archiveIds[0]!)).toMatchObject({
      html: renderReadme('# Old pack\n\nFirst.', repositoryBases(repository), t.services.imageUrls.sign),
      repository,
    });
    expect(byArchive.get(archiveIds[1]!)).toMatchObject({ html: null, repository });
    // Nothing left: start-up queues nothing.
    expect(await queueReadmeBackfill(t.services.db)).toBe(false);
    const queued = await t.services.db.select().from(jobs).where(eq(jobs.kind, README_BACKFILL_JOB.name));
    expect(queued.map((job) => job.status)).toEqual(['succeeded']);
  });
});
