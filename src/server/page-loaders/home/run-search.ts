// Server-side search for the home page: the same steps as GET /nodes/search (index → rows that are
// still visible → bundles → API nodes), so the first server-rendered page equals what the island
// later fetches. Server-only: pages import it, islands never do.
import { highlightsOf, loadHitRows } from '../../services/nodes/search-hits.ts';
import type { SearchQuery } from '../../search/port.ts';
import type { AppDeps } from '../../app-deps.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { countPages } from '../../../lib/paging.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { withLatestAdvisories } from '../../services/advisories/latest-advisories.ts';
import { coreClassNamed } from '../../services/workflows/core-classes.ts';
import { toCardNode } from '../../../lib/search/card-node.ts';
import { ISLAND_ICON_SIZES, optionalIconImage } from '../../../lib/images/image-url.ts';
import type { SearchResponse } from '../../../lib/search/types.ts';

export async function runSearch(services: AppDeps, query: SearchQuery): Promise<SearchResponse> {
  const { db, config, search } = services;
  const result = search.search(query);
  const rows = await loadHitRows(db, result.hits, query.includeBanned ?? false);
  const bundles = await loadNodeBundles(db, rows);
  const coreClass = coreClassNamed(query.text);
  const apiNodes = await withLatestAdvisories(
    db,
    bundles.map((bundle) => toApiNode(bundle, config, { includeStatusReason: false })),
  );
  return {
    ...(coreClass ? { core_class: coreClass } : {}),
    nodes: apiNodes.map((node) => {
      const card = toCardNode(node);
      // Icons come through /_image, whose URLs only the server can sign.
      const image = optionalIconImage(services.imageUrls.sign, card.icon, ISLAND_ICON_SIZES.searchCard);
      return image ? { ...card, icon_image: image } : card;
    }),
    total: result.total,
    page: query.page,
    limit: query.limit,
    totalPages: countPages(result.total, query.limit),
    facets: result.facets,
    highlights: highlightsOf(result.hits, rows),
  };
}
