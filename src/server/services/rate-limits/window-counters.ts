import { and, like, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

// Fixed-window request counters kept in the database, so every instance enforces one budget
// (the HTTP policy that uses them: ops/rate-limit.ts).

/** Counts one hit in the window starting at `windowStart` for each bucket (one statement) and returns the counts. */
export async function countWindowHits(db: Db, buckets: string[], windowStart: Date): Promise<number[]> {
  const rows = await db
    .insert(rateLimitCounters)
    .values(buckets.map((bucket) => ({ bucket, windowStart, hits: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ bucket: rateLimitCounters.bucket, hits: rateLimitCounters.hits });
  const byBucket = new Map(rows.map((row) => [row.bucket, row.hits]));
  return buckets.map((bucket) => byBucket.get(bucket) ?? 0);
}

/**
 * Deletes request-limit windows that started before `before`. Only the `write:` and `auth:` buckets:
 * the table also holds install-count claims (services/nodes/record-download.ts), which live for an hour.
 */
export async function deleteRequestWindowsBefore(db: Db, before: Date): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(
      and(
        lt(rateLimitCounters.windowStart, before),
        or(like(rateLimitCounters.bucket, 'write:%'), like(rateLimitCounters.bucket, 'auth:%')),
      ),
    );
}

/**
 * Deletes windows older than the previous one, once per window on one instance (listed in
 * periodic-tasks.ts; only when rate limits are on, since nothing else writes these buckets).
 */
export function requestWindowsSweepTask(services: Pick<AppDeps, 'db' | 'clock'>, windowSeconds: number): PeriodicTask {
  const windowMs = windowSeconds * 1000;
  return {
    name: 'rate-limits.sweep-windows',
    everyMs: windowMs,
    scope: 'one-instance',
    run: () => {
      const now = services.clock.now().getTime();
      return deleteRequestWindowsBefore(services.db, new Date(now - (now % windowMs) - windowMs));
    },
  };
}
