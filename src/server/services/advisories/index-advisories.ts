import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisories, advisoryAffected } from '../../db/schema/index.ts';
import type { AffectedRow } from './load-advisories.ts';
import { affectsVersion } from './version-ranges.ts';

/**
 * For the signed index: a lookup of the active advisory ids covering each version of the packs it shows. Advisories
 * about packs number in the thousands at most, so every active one is read in one query whatever the catalogue's
 * size (a whole snapshot asks for every pack at once). Ids come sorted.
 */
export async function packVersionAdvisories(db: Db): Promise<(packId: string, version: string) => string[]> {
  const byPack = new Map<string, { advisoryId: string; affected: AffectedRow }[]>();
  const rows = await db
    .select({ advisoryId: advisories.id, affected: advisoryAffected })
    .from(advisoryAffected)
    .innerJoin(advisories, eq(advisories.id, advisoryAffected.advisoryId))
    .where(and(isNull(advisories.withdrawnAt), eq(advisoryAffected.ecosystem, 'Nodeyard')));
  for (const row of rows) {
    const key = row.affected.package.toLowerCase();
    byPack.set(key, [...(byPack.get(key) ?? []), row]);
  }
  return (packId, version) =>
    [
      ...new Set(
        (byPack.get(packId.toLowerCase()) ?? [])
          .filter(({ affected }) => affectsVersion('Nodeyard', affected, version))
          .map(({ advisoryId }) => advisoryId),
      ),
    ].sort();
}
