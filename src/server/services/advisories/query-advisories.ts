import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisories, advisoryAffected, type AdvisoryEcosystem } from '../../db/schema/index.ts';
import type { AdvisoryRow, AffectedRow } from './load-advisories.ts';
import { activePackAffected } from './node-advisories.ts';
import { normalizePythonName } from './python-requirement.ts';
import { affectsVersion } from './version-ranges.ts';

/** One pair a client asks about: a pack version or a Python package version. */
export interface AdvisoryQueryItem {
  ecosystem: AdvisoryEcosystem;
  package: string;
  version: string;
}

/** The key a package is matched by: pack ids case-insensitively, Python names by PEP 503. */
const packageKey = (ecosystem: AdvisoryEcosystem, name: string) =>
  `${ecosystem}\u0000${ecosystem === 'PyPI' ? normalizePythonName(name) : name.toLowerCase()}`;

/**
 * The active (not withdrawn) affected rows naming any of these packages, with their advisory: one query whatever
 * the batch's length, grouped by package key.
 */
async function activeAffectedOf(db: Db, items: readonly AdvisoryQueryItem[]) {
  const pypi = [...new Set(items.filter((i) => i.ecosystem === 'PyPI').map((i) => normalizePythonName(i.package)))];
  const packs = [...new Set(items.filter((i) => i.ecosystem === 'Nodeyard').map((i) => i.package.toLowerCase()))];
  const byPackage: SQL[] = [];
  if (pypi.length)
    byPackage.push(and(eq(advisoryAffected.ecosystem, 'PyPI'), inArray(advisoryAffected.package, pypi))!);
  if (packs.length) {
    byPackage.push(
      and(eq(advisoryAffected.ecosystem, 'Nodeyard'), inArray(sql`lower(${advisoryAffected.package})`, packs))!,
    );
  }
  const grouped = new Map<string, { affected: AffectedRow; advisory: AdvisoryRow }[]>();
  if (byPackage.length === 0) return grouped;
  const rows = await db
    .select({ affected: advisoryAffected, advisory: advisories })
    .from(advisoryAffected)
    .innerJoin(advisories, eq(advisories.id, advisoryAffected.advisoryId))
    .where(and(isNull(advisories.withdrawnAt), or(...byPackage)));
  for (const row of rows) {
    const key = packageKey(row.affected.ecosystem, row.affected.package);
    grouped.set(key, [...(grouped.get(key) ?? []), row]);
  }
  return grouped;
}

/**
 * For each pair, the active advisories that cover that exact version, in the pairs' order (each advisory once per
 * pair, sorted by id).
 */
export async function queryAdvisories(db: Db, items: readonly AdvisoryQueryItem[]): Promise<AdvisoryRow[][]> {
  const grouped = await activeAffectedOf(db, items);
  return items.map((item) => {
    const found = new Map<string, AdvisoryRow>();
    for (const { affected, advisory } of grouped.get(packageKey(item.ecosystem, item.package)) ?? []) {
      if (affectsVersion(item.ecosystem, affected, item.version)) found.set(advisory.id, advisory);
    }
    return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  });
}

/** The active advisories covering one pack version (the install endpoints' header and refusal). */
export async function advisoriesOfPackVersion(db: Db, packId: string, version: string): Promise<AdvisoryRow[]> {
  // queryAdvisories for one pack, through the statement the node page uses (built once, db/prepared.ts).
  const found = new Map<string, AdvisoryRow>();
  for (const { affected, advisory } of await activePackAffected(db, packId)) {
    if (affectsVersion('Nodeyard', affected, version)) found.set(advisory.id, advisory);
  }
  return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
