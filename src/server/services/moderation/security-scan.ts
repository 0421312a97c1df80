import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { archives, jobs, nodeVersions } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { AppDeps } from '../../app-deps.ts';
import { acceptUploadedArchive } from '../archives/accept-upload.ts';
import { VERSION_SCAN_JOB } from './scan-version.ts';

// GET /security-scan: sweep Pending versions so none is forgotten (a lost job, a remote-store
// upload the API never saw). Unlike upstream it only queues work; the scan itself is the job.

export interface SweepOptions {
  /** Only versions created at least this long ago. */
  minAgeMs: number;
  maxNodes: number;
}

export interface SweepResult {
  /** Scan jobs queued for Pending versions whose zip is accepted. */
  queued: string[];
  /** Remote-store uploads found in the bucket and accepted now (they queue their own scan). */
  accepted: string[];
}

/** Version ids that already have a scan job waiting or running. */
async function versionsWithOpenJob(db: Db, versionIds: string[]): Promise<Set<string>> {
  if (versionIds.length === 0) return new Set();
  const rows = await db
    .select({ versionId: sql<string>`${jobs.payload}->>'versionId'` })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, VERSION_SCAN_JOB.name),
        inArray(jobs.status, ['queued', 'running']),
        inArray(sql`${jobs.payload}->>'versionId'`, versionIds),
      ),
    );
  return new Set(rows.map((row) => row.versionId));
}

export async function sweepPendingVersions(services: AppDeps, options: SweepOptions): Promise<SweepResult> {
  const { db } = services;
  const due = lte(nodeVersions.createdAt, sql`now() - ${`${options.minAgeMs} milliseconds`}::interval`);
  const pending = await db
    .select({ id: nodeVersions.id, key: archives.key, uploadedAt: archives.uploadedAt })
    .from(nodeVersions)
    .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(and(eq(nodeVersions.status, 'NodeVersionStatusPending'), due))
    .orderBy(asc(nodeVersions.createdAt))
    .limit(options.maxNodes);
  const open = await versionsWithOpenJob(
    db,
    pending.map((row) => row.id),
  );
  const result: SweepResult = { queued: [], accepted: [] };
  for (const row of pending) {
    if (open.has(row.id)) continue;
    if (row.uploadedAt) {
      await enqueueJob(db, VERSION_SCAN_JOB, { versionId: row.id });
      result.queued.push(row.id);
    } else if ((await acceptUploadedArchive(services, row.key)).status === 'accepted') {
      result.accepted.push(row.id);
    }
  }
  if (result.queued.length > 0) services.jobs.wake();
  return result;
}

/** Whether a version has a scan waiting or running. */
export async function hasOpenScan(db: Db, versionId: string): Promise<boolean> {
  return (await versionsWithOpenJob(db, [versionId])).has(versionId);
}
