import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisories, advisoryAffected } from '../../db/schema/index.ts';
import { affectsVersion } from './version-ranges.ts';

/** A pack as a list shows it: its canonical id and the version installs get (null when it has none). */
export interface ListedPack {
  id: string;
  version: string | null;
}

/**
 * For a page of listed packs (search results, lists, a publisher's packs): the ids of the active advisories
 * naming each pack whose affected versions include the version it lists, sorted. One query for the page. A pack
 * whose listed version is fixed gets none, so the cards' badge means "what you would install is affected".
 */
export async function latestAdvisoryIds(db: Db, packs: readonly ListedPack[]): Promise<Map<string, string[]>> {
  const listed = packs.filter((pack): pack is { id: string; version: string } => pack.version !== null);
  const found = new Map<string, string[]>();
  if (listed.length === 0) return found;
  const rows = await db
    .select({ advisoryId: advisoryAffected.advisoryId, affected: advisoryAffected })
    .from(advisoryAffected)
    .innerJoin(advisories, eq(advisories.id, advisoryAffected.advisoryId))
    .where(
      and(
        isNull(advisories.withdrawnAt),
        eq(advisoryAffected.ecosystem, 'Nodeyard'),
        inArray(
          advisoryAffected.package,
          listed.map((pack) => pack.id),
        ),
      ),
    );
  for (const pack of listed) {
    const ids = rows
      .filter((row) => row.affected.package === pack.id && affectsVersion('Nodeyard', row.affected, pack.version))
      .map((row) => row.advisoryId);
    if (ids.length > 0) found.set(pack.id, [...new Set(ids)].sort());
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
  const found = await latestAdvisoryIds(
    db,
    nodes.map((node) => ({ id: node.id, version: node.latest_version?.version ?? null })),
  );
  return nodes.map((node) => {
    const ids = found.get(node.id);
    return ids ? { ...node, latest_version_advisories: ids } : node;
  });
}
