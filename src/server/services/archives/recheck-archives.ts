import { z } from 'zod';
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { validateZip, zipLimitsFor } from '../../analysis/pack/validate-zip.ts';
import { ARCHIVE_RULES_VERSION } from '../../analysis/pack/zip-rule.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { archives, nodeVersions } from '../../db/schema/index.ts';
import { defineJobKind, type TypedJob } from '../../jobs/job-kind.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { flagStoredArchive, type StoredArchiveProblem } from './flag-stored-archive.ts';

// The `archive.recheck` job: every Active version's stored archive, checked again with the
// current archive rules (analysis/pack/validate-zip.ts). Archives accepted under older, looser
// rules may be read differently by different extractors, so what ComfyUI-Manager installs from
// them may not be what was scanned: those versions are Flagged for an admin (flag-stored-archive.ts).
// Work goes in batches of versions ordered by id; each job queues the next batch, so a restart
// repeats at most one batch. Running it again changes nothing: a flagged version is no longer
// Active, a clean one stays as it is, and a version an admin approved after its flag is not
// flagged again for the same rules.

const BATCH = 25;

const archiveRecheckPayload = z.object({
  rulesVersion: z.string().min(1),
  /** Why it runs: `rules-changed` (queued at start-up) or who asked. */
  trigger: z.string().min(1),
  /** The last version id of the previous batch (absent: from the start). */
  after: z.guid().optional(),
});
export type ArchiveRecheckPayload = z.output<typeof archiveRecheckPayload>;

export const ARCHIVE_RECHECK_JOB = defineJobKind({
  name: 'archive.recheck',
  payload: archiveRecheckPayload,
  // One waiting batch per rules version and starting point, whoever asked.
  dedupeKey: ({ rulesVersion, after }) => `${rulesVersion}:${after ?? 'start'}`,
});

export interface RecheckSummary {
  checked: number;
  flagged: { versionId: string; nodeId: string; version: string; rule: string; message: string }[];
  /** Active versions whose stored object is gone (reported, not flagged: nothing can be judged). */
  missing: string[];
}

interface Target {
  versionId: string;
  nodeId: string;
  version: string;
  archiveId: string;
  key: string;
  sha256: string | null;
}

async function activeVersionsAfter(db: Db, after: string | undefined): Promise<Target[]> {
  return db
    .select({
      versionId: nodeVersions.id,
      nodeId: nodeVersions.nodeId,
      version: nodeVersions.version,
      archiveId: archives.id,
      key: archives.key,
      sha256: archives.sha256,
    })
    .from(nodeVersions)
    .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(
      and(
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
        isNotNull(archives.uploadedAt),
        after === undefined ? undefined : gt(nodeVersions.id, after),
      ),
    )
    .orderBy(asc(nodeVersions.id))
    .limit(BATCH);
}

/** What is wrong with the stored bytes under the current rules, or null. */
async function problemOf(services: AppDeps, target: Target, bytes: Uint8Array): Promise<StoredArchiveProblem | null> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (target.sha256 && target.sha256 !== sha256) {
    return { rule: 'stored-sha256', message: 'The stored archive no longer matches the sha256 recorded at upload.' };
  }
  const check = await validateZip(bytes, zipLimitsFor(services.config.maxArchiveBytes));
  // Size and count caps are policy, not integrity: an archive accepted under a larger cap stays.
  if (check.ok || check.rule === 'limits') return null;
  return { rule: check.rule, message: check.message };
}

/** Checks one batch; returns what it found and the id to continue after (null when done). */
async function recheckBatch(services: AppDeps, payload: ArchiveRecheckPayload, summary: RecheckSummary) {
  const batch = await activeVersionsAfter(services.db, payload.after);
  for (const target of batch) {
    summary.checked += 1;
    const bytes = await services.storage.get(target.key);
    if (!bytes) {
      summary.missing.push(target.versionId);
      continue;
    }
    const problem = await problemOf(services, target, bytes);
    if (
      problem &&
      (await flagStoredArchive(services.db, target, payload.rulesVersion, problem, services.clock.now()))
    ) {
      const { versionId, nodeId, version } = target;
      summary.flagged.push({ versionId, nodeId, version, ...problem });
    }
  }
  return batch.length === BATCH ? batch[batch.length - 1]!.versionId : null;
}

/** Every batch now, in this process (the admin CLI); the job does the same one batch at a time. */
export async function recheckActiveArchives(
  services: AppDeps,
  rulesVersion: string = ARCHIVE_RULES_VERSION,
): Promise<RecheckSummary> {
  const summary: RecheckSummary = { checked: 0, flagged: [], missing: [] };
  let after: string | undefined;
  for (;;) {
    const next = await recheckBatch(services, { rulesVersion, trigger: 'cli', ...(after ? { after } : {}) }, summary);
    if (next === null) return summary;
    after = next;
  }
}

async function run(services: AppDeps, { payload }: TypedJob<ArchiveRecheckPayload>) {
  const next = await recheckBatch(services, payload, { checked: 0, flagged: [], missing: [] });
  if (next === null) return;
  await services.jobs.enqueue(ARCHIVE_RECHECK_JOB, { ...payload, after: next });
}

export function archiveRecheckHandler(): JobHandler<ArchiveRecheckPayload> {
  return { kind: ARCHIVE_RECHECK_JOB, run };
}
