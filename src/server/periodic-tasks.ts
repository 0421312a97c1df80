import type { AppDeps } from './app-deps.ts';
import type { PeriodicTask } from './jobs/scheduler.ts';
import { uploadJanitorTask } from './services/archives/upload-janitor.ts';
import { changeFeedPruneTask } from './services/change-feed/prune-schedule.ts';
import { installClaimsSweepTask } from './services/nodes/record-download.ts';
import { requestWindowsSweepTask } from './services/rate-limits/window-counters.ts';
import type { SearchSync } from './services/search-index/search-sync.ts';

/**
 * Every task the server repeats, with its period and scope, in one list (run by jobs/scheduler.ts):
 * composed here, beside job-handlers.ts, so the job system never imports services. Work with an
 * end goes on the queue as a job instead (job-handlers.ts).
 *
 * | task                              | every  | runs on                         |
 * | --------------------------------- | ------ | ------------------------------- |
 * | change-feed.prune                 | 1 h    | one instance (and at start)     |
 * | archives.sweep-abandoned-uploads  | 10 min | one instance                    |
 * | nodes.sweep-install-claims        | 1 h    | one instance                    |
 * | rate-limits.sweep-windows         | window | one instance (rate limits on)   |
 * | search.refresh-counts             | 60 s   | each instance (its own index)   |
 * | search.share-queries              | 5 s    | each instance (its own index)   |
 */
export function defaultPeriodicTasks(
  services: AppDeps,
  searchSync: SearchSync,
  settings: {
    changeRetentionDays: number;
    /** RATE_LIMIT_WINDOW_SECONDS when rate limits are on (null: off, nothing to sweep). */
    rateLimitWindowSeconds: number | null;
  },
): PeriodicTask[] {
  return [
    changeFeedPruneTask(services, settings.changeRetentionDays),
    uploadJanitorTask(services),
    installClaimsSweepTask(services),
    ...(settings.rateLimitWindowSeconds === null
      ? []
      : [requestWindowsSweepTask(services, settings.rateLimitWindowSeconds)]),
    ...searchSync.periodicTasks(),
  ];
}
