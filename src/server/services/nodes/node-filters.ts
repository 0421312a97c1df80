import { and, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { comfyNodes, nodes, publishers } from '../../db/schema/index.ts';
import { containsPattern } from '../shared/text-match.ts';

// WHERE fragments shared by the node lists (/nodes, /nodes/search). Each returns undefined when
// the filter is not in use, so callers can hand them all to `and(...)`.

/**
 * Deleted nodes are never listed; banned ones, and withheld ones (no Active version because of a flag
 * or ban, see services/versions/latest.ts), only on request (upstream listed banned ones by default).
 */
export function visibleNodeStatus(includeBanned: boolean): SQL {
  return includeBanned
    ? ne(nodes.status, 'NodeStatusDeleted')
    : and(eq(nodes.status, 'NodeStatusActive'), eq(nodes.withheld, false))!;
}

/** Created OR updated after the instant (incremental sync), unlike upstream's created-only filter. */
export function changedSince(since: Date | undefined): SQL | undefined {
  if (!since) return undefined;
  return or(gt(nodes.createdAt, since), gt(nodes.updatedAt, since));
}

/** Ids are matched case-insensitively through normalized_id (its unique index). */
export function hasNodeId(ids: string[] | undefined): SQL | undefined {
  if (!ids || ids.length === 0) return undefined;
  return inArray(nodes.normalizedId, [...new Set(ids.map((id) => id.trim().toLowerCase()))]);
}

/**
 * A node supports a platform when its list is empty (unrestricted), names a wildcard (e.g. "OS
 * Independent"), or has an entry containing the value case-insensitively: clients send short
 * values ("windows", "cuda") while comfy-cli stores classifiers ("Microsoft :: Windows").
 */
export function supportsPlatform(
  column: PgColumn,
  value: string | undefined,
  wildcards: string[] = [],
): SQL | undefined {
  const wanted = value?.trim();
  if (!wanted) return undefined;
  const wildcardList = wildcards.length
    ? sql` OR lower(item) IN (${sql.join(
        wildcards.map((w) => sql`${w.toLowerCase()}`),
        sql`, `,
      )})`
    : sql``;
  return sql`(jsonb_array_length(${column}) = 0 OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(${column}) AS platform(item) WHERE strpos(lower(item), lower(${wanted})) > 0${wildcardList}))`;
}

export function supportsOs(value: string | undefined): SQL | undefined {
  return supportsPlatform(nodes.supportedOs, value, ['OS Independent']);
}

export function supportsAccelerator(value: string | undefined): SQL | undefined {
  return supportsPlatform(nodes.supportedAccelerators, value);
}

/** Free-text search: id, name, description, author or publisher name contains the term. */
export function matchesText(term: string | undefined): SQL | undefined {
  const wanted = term?.trim();
  if (!wanted) return undefined;
  const pattern = containsPattern(wanted);
  return or(
    sql`${nodes.id} ILIKE ${pattern}`,
    sql`${nodes.name} ILIKE ${pattern}`,
    sql`${nodes.description} ILIKE ${pattern}`,
    sql`${nodes.author} ILIKE ${pattern}`,
    sql`${publishers.name} ILIKE ${pattern}`,
  );
}

/** A node class (comfy_nodes.name) in the node's latest version contains the term. */
export function definesComfyNode(term: string | undefined): SQL | undefined {
  const wanted = term?.trim();
  if (!wanted) return undefined;
  return sql`EXISTS (SELECT 1 FROM ${comfyNodes} WHERE ${comfyNodes.nodeVersionId} = ${nodes.latestVersionId} AND ${comfyNodes.name} ILIKE ${containsPattern(wanted)})`;
}

/** Repository URL contains the term; a trailing "/" or ".git" on the term is ignored. */
export function matchesRepository(term: string | undefined): SQL | undefined {
  const wanted = term
    ?.trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '');
  if (!wanted) return undefined;
  return sql`${nodes.repository} ILIKE ${containsPattern(wanted)}`;
}

export interface NodeListFilters {
  includeBanned: boolean;
  since: Date | undefined;
  nodeIds: string[] | undefined;
  os: string | undefined;
  accelerator: string | undefined;
}

/** The filters of GET /nodes, all of them at once. */
export function nodeListWhere(filters: NodeListFilters): SQL | undefined {
  return and(
    visibleNodeStatus(filters.includeBanned),
    changedSince(filters.since),
    hasNodeId(filters.nodeIds),
    supportsOs(filters.os),
    supportsAccelerator(filters.accelerator),
  );
}
