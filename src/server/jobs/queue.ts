import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { parseJobPayload, type JobKind } from './job-kind.ts';

// The jobs table as a queue. All times come from the database clock (now()), so several server
// instances agree on what is due and what is stale whatever their own clocks say.

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** Delay before the job is due, in milliseconds. */
  delayMs?: number;
}

// Must imply the partial unique index jobs_waiting_dedupe_key (db/schema/activity.ts), so the
// database picks that index as the conflict target.
const waitingForFirstAttempt = sql`${jobs.status} = 'queued' AND ${jobs.attempts} = 0 AND ${jobs.dedupeKey} IS NOT NULL`;

/**
 * Adds a job of a declared kind; the payload is checked with the kind's schema first (a wrong one
 * throws InvalidJobPayload and nothing is written). When the kind deduplicates and a job with the same
 * key is still waiting for its first attempt, nothing is added and that job is returned. Pass the
 * caller's transaction so the job exists exactly when the write commits; then wake the worker
 * (AppDeps.jobs.wake()) after the commit.
 */
export async function enqueueJob<Payload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: NoInfer<Payload>,
  options: EnqueueOptions = {},
): Promise<JobRow> {
  const checked = parseJobPayload(kind, payload);
  const dedupeKey = kind.dedupeKey(checked);
  // A waiting twin may start running between the insert and the look-up: then insert again.
  for (;;) {
    const [row] = await db
      .insert(jobs)
      .values({
        kind: kind.name,
        payload: checked as Record<string, unknown>,
        dedupeKey,
        ...(kind.maxAttempts ? { maxAttempts: kind.maxAttempts } : {}),
        runAt: sql`now() + ${`${options.delayMs ?? 0} milliseconds`}::interval`,
      })
      .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey], where: waitingForFirstAttempt })
      .returning();
    if (row) return row;
    const [waiting] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind.name), eq(jobs.dedupeKey, dedupeKey!), waitingForFirstAttempt));
    if (waiting) return waiting;
  }
}

/**
 * Claims the oldest due job of the given kinds. SKIP LOCKED lets concurrent workers (in this or
 * other instances) each take a different row instead of queueing behind one lock. The attempt is
 * counted at claim time, so a job that kills its worker still uses up its attempts.
 */
export async function claimJob(db: Db, kinds: string[], workerId: string): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.kind, kinds)))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const id = due?.id;
    if (id === undefined) return null;
    const [claimed] = await tx
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedAt: sql`now()`,
        lockedBy: workerId,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, Number(id)))
      .returning();
    return claimed ?? null;
  });
}

/** Exponential backoff: 5 s, 10 s, 20 s… capped at 10 minutes. */
export function backoffMs(attempts: number, baseMs = 5_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

/** Finishes a job this worker still holds (a reaped-and-reclaimed job is left to its new owner). */
export async function completeJob(db: Db, job: JobRow, workerId: string) {
  await db
    .update(jobs)
    .set({ status: 'succeeded', lockedAt: null, lockedBy: null, lastError: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)));
}

/** Puts a failed attempt back in the queue after its backoff (or after `delayMs` when given). */
export async function retryJob(
  db: Db,
  job: JobRow,
  workerId: string,
  error: string,
  options: { baseMs?: number; delayMs?: number } = {},
) {
  const delayMs = options.delayMs ?? backoffMs(job.attempts, options.baseMs);
  await db
    .update(jobs)
    .set({
      status: 'queued',
      lockedAt: null,
      lockedBy: null,
      lastError: error,
      runAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)));
}

/** Marks a job failed for good; returns false when the worker no longer held it. */
export async function failJob(db: Db, jobId: number, error: string, heldBy: string | null): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', lockedAt: null, lockedBy: null, lastError: error, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running'), heldBy === null ? undefined : eq(jobs.lockedBy, heldBy)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Renews the lock of a job this worker still runs, so a long job is not taken for abandoned. */
export async function touchJob(db: Db, job: JobRow, workerId: string) {
  await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(
      and(
        eq(jobs.id, job.id),
        eq(jobs.status, 'running'),
        eq(jobs.lockedBy, workerId),
        eq(jobs.attempts, job.attempts),
      ),
    );
}

/** Running jobs whose lock is older than `staleMs`: their worker crashed or hung. */
export async function findStaleJobs(db: Db, staleMs: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), lte(jobs.lockedAt, sql`now() - ${`${staleMs} milliseconds`}::interval`)));
}

/** Releases a stale job back to the queue (due now), unless someone already did. */
export async function requeueStaleJob(db: Db, job: JobRow): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      lockedAt: null,
      lockedBy: null,
      lastError: 'The worker stopped while running this job (lock expired); retrying.',
      runAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    // Fenced on attempts (a reclaim bumps it), not on locked_at: a JS Date drops the microseconds
    // PostgreSQL keeps, so an equality test on it never matches there.
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Jobs waiting to run (the queue-depth metric). */
export async function countQueuedJobs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'queued'));
  return row?.n ?? 0;
}
