import type { AppDeps } from '../../app-deps.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { pruneChangeFeed } from './feed.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Prunes the change feed to its retention window at start and then every hour (one instance per
 * hour: a second pass would find nothing older to delete). Listed in periodic-tasks.ts.
 */
export function changeFeedPruneTask(services: Pick<AppDeps, 'db' | 'clock'>, retentionDays: number): PeriodicTask {
  return {
    name: 'change-feed.prune',
    everyMs: HOUR_MS,
    scope: 'one-instance',
    runAtStart: true,
    run: () => pruneChangeFeed(services.db, new Date(services.clock.now().getTime() - retentionDays * 24 * HOUR_MS)),
  };
}
