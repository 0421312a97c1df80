import type { Services } from '../../container.ts';
import { pruneChangeFeed } from './feed.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Prunes the change feed to its retention window now and then every hour (every instance does it;
 * pruning twice is harmless). Returns the stop function.
 */
export function startChangeFeedPruner(
  services: Pick<Services, 'db' | 'clock'>,
  retentionDays: number,
  onError: (error: unknown) => void,
): () => void {
  const prune = () => {
    const cutoff = new Date(services.clock.now().getTime() - retentionDays * 24 * HOUR_MS);
    pruneChangeFeed(services.db, cutoff).catch(onError);
  };
  prune();
  const timer = setInterval(prune, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
