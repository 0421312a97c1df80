import { createHash } from 'node:crypto';
import { and, like, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

// Install counts are public (search ranks by them), so a script repeating anonymous install calls
// must not be able to inflate them. A client counts at most once per node version per hour: the
// first install of a window claims a row keyed by a hash of (client address, node, version) in the
// shared window-counter table, so the rule holds across instances, and only that first claim bumps
// the totals. Raw addresses are never stored.

export const INSTALL_COUNT_WINDOW_MS = 60 * 60 * 1000;
const BUCKET_PREFIX = 'install:';

export interface InstallHit {
  nodeId: string;
  /** The version handed out (canonical semver). */
  version: string;
  clientIp: string;
  now: Date;
}

const bucketOf = (hit: InstallHit) =>
  BUCKET_PREFIX +
  createHash('sha256').update(`${hit.clientIp}\n${hit.nodeId}\n${hit.version}`).digest('hex').slice(0, 32);

/**
 * Counts one install unless this client already installed this version in the current window:
 * the node's total and its UTC-day bucket, in one statement (claim, total, day: all or nothing, one
 * round trip). Relative increments, so concurrent installs never lose a count. updated_at is left
 * alone: an install is not a change to the node (incremental sync must not see it).
 * Returns whether the install was counted.
 */
export async function recordDownload(db: Db, hit: InstallHit): Promise<boolean> {
  const at = hit.now.getTime();
  const windowStart = new Date(at - (at % INSTALL_COUNT_WINDOW_MS));
  const day = hit.now.toISOString().slice(0, 10);
  const result = await db.execute(sql`
    WITH claim AS (
      INSERT INTO rate_limit_counters (bucket, window_start, hits)
      VALUES (${bucketOf(hit)}, ${windowStart.toISOString()}, 1)
      ON CONFLICT DO NOTHING
      RETURNING bucket
    ), total AS (
      UPDATE nodes SET total_install = total_install + 1
      WHERE id = ${hit.nodeId} AND EXISTS (SELECT 1 FROM claim)
      RETURNING id
    )
    INSERT INTO node_downloads_daily (node_id, day, count)
    SELECT id, ${day}, 1 FROM total
    ON CONFLICT (node_id, day) DO UPDATE SET count = node_downloads_daily.count + 1
    RETURNING node_id`);
  return ((result as { rows?: unknown[] }).rows ?? []).length > 0;
}

/** Deletes claims of windows before the current one (whichever instance gets there first). */
export async function sweepInstallClaims(db: Db, now: Date): Promise<void> {
  const at = now.getTime();
  const windowStart = new Date(at - (at % INSTALL_COUNT_WINDOW_MS));
  await db
    .delete(rateLimitCounters)
    .where(and(like(rateLimitCounters.bucket, `${BUCKET_PREFIX}%`), lt(rateLimitCounters.windowStart, windowStart)));
}

/** The claims sweep once per window, on one instance (listed in periodic-tasks.ts). */
export function installClaimsSweepTask(services: Pick<AppDeps, 'db' | 'clock'>): PeriodicTask {
  return {
    name: 'nodes.sweep-install-claims',
    everyMs: INSTALL_COUNT_WINDOW_MS,
    scope: 'one-instance',
    run: () => sweepInstallClaims(services.db, services.clock.now()),
  };
}
