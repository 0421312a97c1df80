import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { visibleNodeStatus } from '../nodes/node-filters.ts';
import type { AffectedRow } from './load-advisories.ts';
import type { DependentPack } from './to-osv.ts';
import { parsePythonRequirement } from './python-requirement.ts';
import { specifierAdmitsAffected } from './version-ranges.ts';
import semver from 'semver';

/**
 * The public packs whose installable (Active) versions declare a dependency that admits a version this PyPI entry
 * covers: "a compromised litellm release: which packs pull it in". The database narrows to versions naming the
 * package (PEP 503 spelling); the specifier itself is judged here, by PEP 440.
 */
export async function dependentPacksOf(db: Db, affected: readonly AffectedRow[]): Promise<DependentPack[]> {
  const byPack = new Map<string, Set<string>>();
  for (const entry of affected.filter((a) => a.ecosystem === 'PyPI')) {
    const rows = await db
      .select({ pack: nodeVersions.nodeId, version: nodeVersions.version, dependencies: nodeVersions.dependencies })
      .from(nodeVersions)
      .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
      .where(
        and(
          visibleNodeStatus(false),
          eq(nodeVersions.status, 'NodeVersionStatusActive'),
          sql`exists (select 1 from jsonb_array_elements_text(${nodeVersions.dependencies}) d
                      where regexp_replace(lower(d), '[-_.]+', '-', 'g') like ${`${entry.package}%`})`,
        ),
      );
    for (const row of rows) {
      const admits = row.dependencies.some((line) => {
        const requirement = parsePythonRequirement(line);
        return requirement?.name === entry.package && specifierAdmitsAffected(requirement.specifier, entry);
      });
      if (admits) byPack.set(row.pack, (byPack.get(row.pack) ?? new Set()).add(row.version));
    }
  }
  return [...byPack.entries()]
    .map(([pack, versions]) => ({ pack, versions: [...versions].sort(semver.compare) }))
    .sort((a, b) => (a.pack < b.pack ? -1 : 1));
}
