import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import type { SearchHit } from '../../search/port.ts';

/**
 * The rows of a page of search hits, in the index's order. The index follows the database a poll
 * behind, so a node deleted (or banned, or withheld) a moment ago is left out here rather than shown.
 */
export async function loadHitRows(db: Db, hits: SearchHit[], includeBanned: boolean): Promise<NodeRow[]> {
  if (hits.length === 0) return [];
  const rows = await db
    .select()
    .from(nodes)
    .where(
      inArray(
        nodes.id,
        hits.map((hit) => hit.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return hits.flatMap((hit) => {
    const row = byId.get(hit.id);
    if (!row || row.status === 'NodeStatusDeleted') return [];
    if ((row.status === 'NodeStatusBanned' || row.withheld) && !includeBanned) return [];
    return [row];
  });
}

/** `{[nodeId]: {terms, classNames}}` for the nodes actually returned. */
export function highlightsOf(hits: SearchHit[], rows: NodeRow[]) {
  const shown = new Set(rows.map((row) => row.id));
  return Object.fromEntries(
    hits
      .filter((hit) => shown.has(hit.id))
      .map((hit) => [hit.id, { terms: hit.matchedTerms, classNames: hit.matchedClassNames }]),
  );
}

/** The repository filter term: a trailing "/" or ".git" is ignored (clients paste clone URLs). */
export function repositoryTerm(value: string | undefined): string | undefined {
  const term = value
    ?.trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '');
  return term || undefined;
}
