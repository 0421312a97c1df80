import type { SearchDocument, SearchFacets } from './port.ts';
import type { ValueMatcher } from './filters.ts';

/** What the facet pass needs of an indexed node: its raw values (shown) and normalized ones (matched). */
export interface Faceted {
  doc: SearchDocument;
  os: readonly string[];
  accelerators: readonly string[];
  tags: readonly string[];
}

export interface FacetFilters {
  os: ValueMatcher | null;
  accelerators: ValueMatcher | null;
  tags: ValueMatcher | null;
}

/**
 * One pass over the candidates: keeps those passing every facet filter and counts facet values.
 * Disjunctive counting: a facet's counts apply the other facets' filters but not its own, so ticking
 * "Windows" still shows how many results "Linux" would add.
 */
export function applyFacets<T extends { entry: Faceted }>(candidates: Iterable<T>, filters: FacetFilters) {
  const os = new Map<string, number>();
  const accelerators = new Map<string, number>();
  const tags = new Map<string, number>();
  // Matches that declare no value of a facet appear in none of its counts; counting them lets the page
  // say so ("Linux 5" next to 5,901 results reads as if the others did not run on Linux).
  const undeclared = { os: 0, accelerators: 0, tags: 0 };
  const matches: T[] = [];
  for (const item of candidates) {
    const { entry } = item;
    const okOs = !filters.os || filters.os(entry.os);
    const okAccelerators = !filters.accelerators || filters.accelerators(entry.accelerators);
    const okTags = !filters.tags || filters.tags(entry.tags);
    if (okAccelerators && okTags && !count(os, entry.doc.supportedOs)) undeclared.os += 1;
    if (okOs && okTags && !count(accelerators, entry.doc.supportedAccelerators)) undeclared.accelerators += 1;
    if (okOs && okAccelerators && !count(tags, entry.doc.tags)) undeclared.tags += 1;
    if (okOs && okAccelerators && okTags) matches.push(item);
  }
  const facets: SearchFacets = {
    os: toRecord(os),
    accelerators: toRecord(accelerators),
    tags: toRecord(tags),
    undeclared,
  };
  return { matches, facets };
}

/** Counts a node's values; false when it declares none (blank values are no declaration). */
function count(into: Map<string, number>, values: readonly string[]): boolean {
  if (values.length === 0) return false;
  if (values.length === 1) {
    const value = (values[0] ?? '').trim();
    if (value) into.set(value, (into.get(value) ?? 0) + 1);
    return value !== '';
  }
  // A node listing a value twice still counts once.
  let declared = false;
  for (const value of new Set(values.map((v) => v.trim()))) {
    if (!value) continue;
    into.set(value, (into.get(value) ?? 0) + 1);
    declared = true;
  }
  return declared;
}

/** Most frequent first, then alphabetical, so the JSON is stable. */
function toRecord(counts: Map<string, number>): Record<string, number> {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return Object.fromEntries(sorted);
}
