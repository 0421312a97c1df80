import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { archiveReadmes, nodes } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { ArchiveStorage } from '../../storage/port.ts';
import { VERSION_SCAN_JOB } from '../moderation/scan-version.ts';
import { loadArchiveReadme } from './load-archive-readme.ts';
import { renderReadme } from './render-readme.ts';
import { repositoryBases } from './repository-urls.ts';

// The scan renders a version's README once and stores it; node pages read that row and never the
// archive, and render again (from the stored markdown) only when the pack's repository changed.

const README = '# Acme\n\nSee [the docs](docs/usage.md) and ![a shot](img/shot.png).\n\n<script>alert(1)</script>\n';
const REPOSITORY = 'https://github.com/acme/readme-pack';

describe('READMEs stored at scan time', () => {
  let t: TestApp;
  let version: NodeVersionRow;
  const expectedFor = (repository: string) =>
    renderReadme(README, repositoryBases(repository), t.services.imageUrls.sign);

  beforeAll(async () => {
    t = await createTestApp();
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { id: 'readme-pack', publisherId: publisher.id, repository: REPOSITORY });
    version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: 'readme-pack',
      version: '1.0.0',
      bytes: buildZip({ ...samplePackFiles('readme-pack'), 'README.md': README }),
      status: 'NodeVersionStatusPending',
    });
    await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: version.id });
    expect(await t.runJobs()).toBe(1);
  });
  afterAll(() => t.close());

  it('stores the rendered, sanitised README of the scanned archive', async () => {
    const [row] = await t.services.db
      .select()
      .from(archiveReadmes)
      .where(eq(archiveReadmes.archiveId, version.archiveId!));
    expect(row).toMatchObject({ markdown: README, html: expectedFor(REPOSITORY), repository: REPOSITORY });
    expect(row!.html).toContain('href="https://github.com/acme/readme-pack/blob/HEAD/docs/usage.md"');
    expect(row!.html).not.toContain('<script');
  });

  it('serves the page the stored HTML without reading the archive', async () => {
    const storage: ArchiveStorage = {
      ...t.services.storage,
      get: () => Promise.reject(new Error('the page must not read the archive')),
    };
    const services = { ...t.services, storage };
    expect(await loadArchiveReadme(services, version.archiveId!, REPOSITORY)).toBe(expectedFor(REPOSITORY));
  });

  it('renders again from the stored markdown when the repository moved, and keeps that', async () => {
    const moved = 'https://github.com/acme/moved-pack';
    await t.services.db.update(nodes).set({ repository: moved }).where(eq(nodes.id, 'readme-pack'));
    const storage: ArchiveStorage = {
      ...t.services.storage,
      get: () => Promise.reject(new Error('the page must not read the archive')),
    };
    const html = await loadArchiveReadme({ ...t.services, storage }, version.archiveId!, moved);
    expect(html).toBe(expectedFor(moved));
    const [row] = await t.services.db
      .select({ repository: archiveReadmes.repository, html: archiveReadmes.html })
      .from(archiveReadmes)
      .where(eq(archiveReadmes.archiveId, version.archiveId!));
    expect(row).toEqual({ repository: moved, html: expectedFor(moved) });
  });

  it('reads an archive without a stored README once, and shows none (storing nothing) while storage fails', async () => {
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { id: 'legacy-pack', publisherId: publisher.id, repository: REPOSITORY });
    const legacy = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: 'legacy-pack',
      version: '1.0.0',
      bytes: buildZip({ ...samplePackFiles('legacy-pack'), 'README.md': README }),
    });
    let reads = 0;
    let fail = true;
    const storage: ArchiveStorage = {
      ...t.services.storage,
      get: (key) => {
        reads += 1;
        return fail ? Promise.reject(new Error('storage unreachable')) : t.services.storage.get(key);
      },
    };
    const services = { ...t.services, storage };
    expect(await loadArchiveReadme(services, legacy.archiveId!, REPOSITORY)).toBeNull();
    fail = false;
    expect(await loadArchiveReadme(services, legacy.archiveId!, REPOSITORY)).toBe(expectedFor(REPOSITORY));
    expect(await loadArchiveReadme(services, legacy.archiveId!, REPOSITORY)).toBe(expectedFor(REPOSITORY));
    // The failed read stored nothing; the first good one stored the README, the third read the row.
    expect(reads).toBe(2);
  });
});
