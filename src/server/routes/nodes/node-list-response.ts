import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import type { AppConfig } from '../../app-deps.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { countPages, type Paging } from '../../../lib/paging.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { withLatestAdvisories } from '../../services/advisories/latest-advisories.ts';

/**
 * `{nodes, total, page, limit, totalPages}` for a page of node rows: publishers and latest versions
 * come in two queries for the whole page, and list items never carry `status_reason`.
 */
export async function nodeListResponse(
  db: Db,
  config: AppConfig,
  result: { rows: NodeRow[]; total: number },
  paging: Paging,
  options: { publishedBy?: Date | undefined } = {},
) {
  const bundles = await loadNodeBundles(db, result.rows, options);
  return {
    nodes: await withLatestAdvisories(
      db,
      bundles.map((bundle) => toApiNode(bundle, config, { includeStatusReason: false })),
    ),
    total: result.total,
    page: paging.page,
    limit: paging.limit,
    totalPages: countPages(result.total, paging.limit),
  };
}
