import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip } from '#test/zip.ts';
import { jobs, versionScans } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { VERSION_SCAN_JOB } from '../moderation/scan-version.ts';
import { CAPABILITIES_BACKFILL_JOB, queueCapabilitiesBackfill } from './backfill-capabilities.ts';

// Versions scanned before capability summaries existed (capabilities null, as migration 0019 leaves
// them) get theirs from the job queued at start-up, so the changes routes can compare them.

describe('the capabilities backfill', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { id: 'old-powers', publisherId: publisher.id });
    for (const [version, code] of [
      ['1.0.0', 'x = 1\n'],
      ['1.1.0', 'import os\nos.system("ls")\n'],
    ] as const) {
      const row = await insertUploadedVersion(t.services, {
        publisherId: publisher.id,
        nodeId: 'old-powers',
        version,
        bytes: buildZip({ '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n', 'nodes.py': code }),
        status: 'NodeVersionStatusPending',
      });
      await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: row.id });
    }
    await t.runJobs();
    // As an installation from before this change left them.
    await t.services.db.update(versionScans).set({ capabilities: null });
  });
  afterAll(() => t.close());

  it('is queued once at start-up and fills every scanned version, so the changes compare them', async () => {
    const before = await (await t.request('/nodes/old-powers/versions/1.1.0/changes?from=1.0.0')).json();
    expect(before.capabilities).toBeNull();

    expect(await queueCapabilitiesBackfill(t.services.db)).toBe(true);
    expect(await queueCapabilitiesBackfill(t.services.db)).toBe(false);
    await t.runJobs();

    const rows = await t.services.db.select({ capabilities: versionScans.capabilities }).from(versionScans);
    expect(rows.map((r) => Object.keys(r.capabilities ?? { missing: 1 })).sort()).toEqual([[], ['subprocess']]);
    const after = await (await t.request('/nodes/old-powers/versions/1.1.0/changes?from=1.0.0')).json();
    expect(after.capabilities.gained).toMatchObject([{ kind: 'subprocess', places: [{ file: 'nodes.py', line: 2 }] }]);
    const done = await t.services.db.select().from(jobs).where(eq(jobs.kind, CAPABILITIES_BACKFILL_JOB.name));
    expect(done.map((j) => j.status)).toEqual(['succeeded']);
    expect(await queueCapabilitiesBackfill(t.services.db)).toBe(false);
  });
});
