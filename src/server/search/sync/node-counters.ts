import { ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';

// What search needs besides the change feed (services/change-feed/): the counters, which the feed does
// not carry (installs and stars would flood it).

export interface NodeCounters {
  id: string;
  downloads: number;
  stars: number;
}

/** Download and star counts of every node search may show, refreshed on their own, slower clock. */
export function readCounters(db: Db): Promise<NodeCounters[]> {
  return db
    .select({ id: nodes.id, downloads: nodes.totalInstall, stars: nodes.githubStars })
    .from(nodes)
    .where(ne(nodes.status, 'NodeStatusDeleted'));
}
