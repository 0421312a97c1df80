import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { advisories, advisoryAffected, nodeVersions } from '../../db/schema/index.ts';
import type { AdvisoryRow, AffectedRow } from './load-advisories.ts';
import { parsePythonRequirement } from './python-requirement.ts';
import { specifierAdmitsAffected } from './version-ranges.ts';

/** An active advisory about the pack itself, with what it says of the pack's versions. */
export interface PackAdvisory {
  advisory: AdvisoryRow;
  affected: AffectedRow[];
}

/** An active advisory about a Python package a version of the pack declares, and the declaration it matched. */
export interface DependencyAdvisory {
  advisory: AdvisoryRow;
  affected: AffectedRow;
  /** The requirement line as the pack declares it, e.g. "litellm>=1.80". */
  requirement: string;
}

export interface NodeAdvisories {
  pack: PackAdvisory[];
  /** Of the version given (the latest one on the node page). */
  dependencies: DependencyAdvisory[];
}

/** A version by id, or its declared dependencies when the caller has read them (one query fewer). */
type VersionDependencies = string | { dependencies: readonly string[] };

// Built once (db/prepared.ts): every cold node page and every install reads it.
const packStatement = preparedPerDb((db) =>
  db
    .select({ affected: advisoryAffected, advisory: advisories })
    .from(advisoryAffected)
    .innerJoin(advisories, eq(advisories.id, advisoryAffected.advisoryId))
    .where(
      and(
        isNull(advisories.withdrawnAt),
        eq(advisoryAffected.ecosystem, 'Nodeyard'),
        eq(sql`lower(${advisoryAffected.package})`, sql.placeholder('packId')),
      ),
    )
    .prepare('pack_advisories'),
);

/** The active affected rows naming a pack (any letter case), each with its advisory. */
export function activePackAffected(
  db: Db,
  packId: string,
): Promise<{ affected: AffectedRow; advisory: AdvisoryRow }[]> {
  return packStatement(db).execute({ packId: packId.toLowerCase() });
}

async function packAdvisories(db: Db, packId: string): Promise<PackAdvisory[]> {
  return groupPackAdvisories(await activePackAffected(db, packId));
}

/** Affected rows naming a pack, grouped by advisory, by advisory id. */
export function groupPackAdvisories(rows: readonly { affected: AffectedRow; advisory: AdvisoryRow }[]): PackAdvisory[] {
  const byId = new Map<string, PackAdvisory>();
  for (const row of rows) {
    const entry = byId.get(row.advisory.id) ?? { advisory: row.advisory, affected: [] };
    entry.affected.push(row.affected);
    byId.set(row.advisory.id, entry);
  }
  return [...byId.values()].sort((a, b) => (a.advisory.id < b.advisory.id ? -1 : 1));
}

/** The declared dependencies of a version: read, unless the caller has them already. */
async function declaredDependencies(db: Db, version: VersionDependencies): Promise<readonly string[]> {
  if (typeof version !== 'string') return version.dependencies;
  const [row] = await db
    .select({ dependencies: nodeVersions.dependencies })
    .from(nodeVersions)
    .where(eq(nodeVersions.id, version));
  return row?.dependencies ?? [];
}

/** The declared dependency lines that parse as Python requirements, each with its line. */
export function parseRequirements(lines: readonly string[]) {
  return lines.flatMap((line) => {
    const parsed = parsePythonRequirement(line);
    return parsed ? [{ line, ...parsed }] : [];
  });
}

async function dependencyAdvisories(db: Db, version: VersionDependencies | null): Promise<DependencyAdvisory[]> {
  if (!version) return [];
  const requirements = parseRequirements(await declaredDependencies(db, version));
  if (requirements.length === 0) return [];
  const rows = await db
    .select({ affected: advisoryAffected, advisory: advisories })
    .from(advisoryAffected)
    .innerJoin(advisories, eq(advisories.id, advisoryAffected.advisoryId))
    .where(
      and(
        isNull(advisories.withdrawnAt),
        eq(advisoryAffected.ecosystem, 'PyPI'),
        inArray(
          advisoryAffected.package,
          requirements.map((r) => r.name),
        ),
      ),
    );
  return matchDependencyAdvisories(rows, requirements);
}

/**
 * Of the active PyPI affected rows naming a declared package, those whose declaration admits an affected
 * release, each with the requirement line it matched; by advisory id.
 */
export function matchDependencyAdvisories(
  rows: readonly { affected: AffectedRow; advisory: AdvisoryRow }[],
  requirements: ReturnType<typeof parseRequirements>,
): DependencyAdvisory[] {
  return rows
    .flatMap(({ affected, advisory }) =>
      requirements
        .filter((r) => r.name === affected.package && specifierAdmitsAffected(r.specifier, affected))
        .map((r) => ({ advisory, affected, requirement: r.line })),
    )
    .sort((a, b) => (a.advisory.id < b.advisory.id ? -1 : 1));
}

/**
 * A pack's advisories for its page and API answers: those naming the pack (any of its versions), and those naming a
 * Python package that the given version's declared dependencies admit an affected version of. The node page's
 * Security section reads this; GET /nodes/{id} answers its ids.
 */
export async function loadNodeAdvisories(
  db: Db,
  node: { id: string; latestVersionId: string | null },
  /** The given version's declared dependencies, when the caller has them (else they are read). */
  known?: { dependencies: readonly string[] },
): Promise<NodeAdvisories> {
  const [pack, dependencies] = await Promise.all([
    packAdvisories(db, node.id),
    dependencyAdvisories(db, known ?? node.latestVersionId),
  ]);
  return { pack, dependencies };
}

/** The ids of a pack's advisories, each once, sorted (GET /nodes/{id}). */
export function advisoryIds(list: readonly { advisory: AdvisoryRow }[]): string[] {
  return [...new Set(list.map((entry) => entry.advisory.id))].sort();
}
