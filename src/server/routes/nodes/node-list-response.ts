import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import type { AppConfig } from '../../app-deps.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { countPages, type Paging } from '../../../lib/paging.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { attachLatestAdvisories, packAdvisoryRows } from '../../services/advisories/latest-advisories.ts';

/**
 * `{nodes, total, page, limit, totalPages}` for a page of node rows: publishers, latest versions, their
 * provenance and the packs' advisories in one round of queries for the whole page; list items never
 * carry `status_reason`.
 */
export async function nodeListResponse(
  db: Db,
  config: AppConfig,
  result: { rows: NodeRow[]; total: number },
  paging: Paging,
  options: { publishedBy?: Date | undefined } = {},
) {
  // The packs' advisories are read by pack id beside the bundles, and matched to the listed versions after.
  const [bundles, advisoryRows] = await Promise.all([
    loadNodeBundles(db, result.rows, options),
    packAdvisoryRows(
      db,
      result.rows.map((row) => row.id),
    ),
  ]);
  return {
    nodes: attachLatestAdvisories(
      bundles.map((bundle) => toApiNode(bundle, config, { includeStatusReason: false })),
      advisoryRows,
    ),
    total: result.total,
    page: paging.page,
    limit: paging.limit,
    totalPages: countPages(result.total, paging.limit),
  };
}
