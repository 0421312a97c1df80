import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { archiveReadmes, archives, nodes, nodeVersions, publishers, versionProvenance } from '../../db/schema/index.ts';
import { unclaimedPublisherSql } from '../publishers/unclaimed.ts';
import { storedReadmeColumns, type StoredReadme } from '../readmes/stored-readme.ts';
import { toProvenanceSummary, type ProvenanceSummary } from '../trusted-publishing/load-provenance.ts';
import { nodeWithLatestColumns, toNodeWithLatest, type NodeBundle } from './load-bundles.ts';

/** A node with everything of it that does not depend on which version a reader picked. */
export interface NodePageHead {
  /** The node, its publisher, its latest version (with archive facts) and how that was published. */
  bundle: NodeBundle;
  /** Nobody manages the publisher (services/publishers/unclaimed.ts). */
  unclaimed: boolean;
  /** The latest version's stored README row (null: none stored yet, or no latest version). */
  latestReadme: StoredReadme | null;
  /** Where the latest version was built, when trusted publishing published it. */
  latestProvenanceSummary: ProvenanceSummary | null;
}

const headStatement = preparedPerDb((db) =>
  db
    .select({
      ...nodeWithLatestColumns,
      publisher: publishers,
      issuer: versionProvenance.issuer,
      readme: storedReadmeColumns,
      unclaimed: unclaimedPublisherSql(nodes.publisherId),
    })
    .from(nodes)
    .leftJoin(publishers, eq(publishers.id, nodes.publisherId))
    .leftJoin(nodeVersions, eq(nodeVersions.id, nodes.latestVersionId))
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .leftJoin(versionProvenance, eq(versionProvenance.nodeVersionId, nodeVersions.id))
    .leftJoin(archiveReadmes, eq(archiveReadmes.archiveId, nodeVersions.archiveId))
    .where(eq(nodes.normalizedId, sql.placeholder('normalizedId')))
    .limit(1)
    .prepare('node_page_head'),
);

/**
 * A node by id (any letter case) with its publisher, latest version, archive facts, provenance, stored
 * README and whether it is unclaimed, in ONE query: the node page read each of these in a query of its
 * own (six round trips where one does; every query costs the page's thread its building, its write
 * and its parsing). Undefined when no node has the id; deleted and banned nodes are returned as they are.
 */
export async function findNodePageHead(db: Db, id: string): Promise<NodePageHead | undefined> {
  const [row] = await headStatement(db).execute({ normalizedId: id.toLowerCase() });
  if (!row) return undefined;
  const provenance =
    row.issuer !== null && row.repository !== null && row.workflowRef !== null
      ? { issuer: row.issuer, repository: row.repository, commitSha: row.commit, workflowRef: row.workflowRef }
      : null;
  return {
    bundle: { ...toNodeWithLatest(row), publisher: row.publisher ?? undefined },
    unclaimed: row.unclaimed,
    latestReadme: row.readme,
    latestProvenanceSummary: toProvenanceSummary(provenance),
  };
}
