import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonTextArray, preparedPerDb } from '../../db/prepared.ts';
import { advisories, advisoryAffected } from '../../db/schema/index.ts';
import type { AffectedRow } from './load-advisories.ts';
import { affectsVersion } from './version-ranges.ts';

/** A pack as a list shows it: its canonical id and the version installs get (null when it has none). */
interface ListedPack {
  id: string;
  version: string | null;
}

/** The active advisories naming any of the given packs, as read for a page (see packAdvisoryRows). */
export type PackAdvisoryRows = { advisoryId: string; affected: AffectedRow }[];

// Built once per database handle (db/prepared.ts): every list page asks it, for any number of packs.
const packAdvisoriesStatement = preparedPerDb((db) =>
  db
    .select({ advisoryId: advisoryAffected.advisoryId, affected: advisoryAffected })
    .from(advisoryAffected)
    .innerJoin(advisories, eq(advisories.id, advisoryAffected.advisoryId))
    .where(
      and(
        isNull(advisories.withdrawnAt),
        eq(advisoryAffected.ecosystem, 'Nodeyard'),
        sql`${advisoryAffected.package} = ANY(${jsonTextArray(sql`${sql.placeholder('packs')}::jsonb`)})`,
      ),
    )
    .prepare('listed_packs_advisories'),
);

/**
 * The active advisories naming any of the given packs (one query). A page reads them beside its other
 * queries, by pack id alone, and matches them to the listed versions once it knows those
 * (matchLatestAdvisories).
 */
export async function packAdvisoryRows(db: Db, packIds: readonly string[]): Promise<PackAdvisoryRows> {
  if (packIds.length === 0) return [];
  return packAdvisoriesStatement(db).execute({ packs: JSON.stringify([...new Set(packIds)]) });
}

/**
 * For a page of listed packs (search results, lists, a publisher's packs): the ids of the advisories in
 * `rows` naming each pack whose affected versions include the version it lists, sorted. A pack whose
 * listed version is fixed gets none, so the cards' badge means "what you would install is affected".
 */
function matchLatestAdvisories(rows: PackAdvisoryRows, packs: readonly ListedPack[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { id, version } of packs) {
    if (version === null) continue;
    const ids = rows
      .filter((row) => row.affected.package === id && affectsVersion('Nodeyard', row.affected, version))
      .map((row) => row.advisoryId);
    if (ids.length > 0) found.set(id, [...new Set(ids)].sort());
  }
  return found;
}

/** A listed node in the API's shape (only what the badge needs). */
interface ListedApiNode {
  id: string;
  latest_version?: { version?: string | undefined } | undefined;
}

/**
 * The nodes with `latest_version_advisories` added where their listed version is affected (additive: the field is
 * left out otherwise). The cards show a badge for it.
 */
export async function withLatestAdvisories<T extends ListedApiNode>(
  db: Db,
  nodes: readonly T[],
): Promise<(T & { latest_version_advisories?: string[] })[]> {
  const listed = nodes.filter((node) => node.latest_version?.version);
  return attachLatestAdvisories(
    nodes,
    await packAdvisoryRows(
      db,
      listed.map((node) => node.id),
    ),
  );
}

/** withLatestAdvisories with the advisories already read (packAdvisoryRows over the nodes' ids). */
export function attachLatestAdvisories<T extends ListedApiNode>(
  nodes: readonly T[],
  rows: PackAdvisoryRows,
): (T & { latest_version_advisories?: string[] })[] {
  const found = matchLatestAdvisories(
    rows,
    nodes.map((node) => ({ id: node.id, version: node.latest_version?.version ?? null })),
  );
  return nodes.map((node) => {
    const ids = found.get(node.id);
    return ids ? { ...node, latest_version_advisories: ids } : node;
  });
}
