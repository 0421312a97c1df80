import type { Db } from '../../db/client.ts';
import type {
  AdvisoryKind,
  AdvisoryRange,
  AdvisorySeverity,
  AffectedRow,
} from '../../services/advisories/load-advisories.ts';
import { loadNodeAdvisories, type NodeAdvisories } from '../../services/advisories/node-advisories.ts';
import { affectsVersion } from '../../services/advisories/version-ranges.ts';

/** One OSV range of affected versions (OSV's "introduced: 0" means from the first version). */
export type SecurityRange = AdvisoryRange;

/** One advisory as the node page's Security section shows it. */
export interface SecurityEntry {
  id: string;
  summary: string;
  severity: AdvisorySeverity;
  kind: AdvisoryKind;
  /** About the pack itself, or about a Python package the shown version declares. */
  about: 'pack' | 'dependency';
  /** The pack id, or the PyPI name. */
  package: string;
  /** The shown version's requirement line that admits the affected releases (dependency advisories only). */
  requirement: string | null;
  ranges: SecurityRange[];
  /** Exact versions named besides the ranges. */
  versions: string[];
  /** Every version a range says fixes it, in the advisory's order, each once. */
  fixed: string[];
  /**
   * Whether the version the page shows is affected: named by a pack advisory, or declaring a requirement a
   * dependency advisory matched (that is why the loader returned it).
   */
  affectsShown: boolean;
}

export interface NodeSecurity {
  /** The version the page shows (null when the pack has none). */
  shownVersion: string | null;
  /** Pack advisories first, then dependency ones; by id within each. */
  entries: SecurityEntry[];
}

const fixedOf = (rows: readonly AffectedRow[]) => [
  ...new Set(rows.flatMap((row) => row.ranges.flatMap((range) => (range.fixed ? [range.fixed] : [])))),
];

/**
 * The active advisories the node page shows (withdrawn ones never): those about the pack, and those about a
 * Python package the shown version declares in a range that admits an affected release.
 */
export async function loadNodeSecurity(
  db: Db,
  node: { id: string },
  shown: { id: string; version: string; dependencies?: readonly string[] } | null,
): Promise<NodeSecurity> {
  const advisories = await loadNodeAdvisories(
    db,
    { id: node.id, latestVersionId: shown?.id ?? null },
    shown?.dependencies ? { dependencies: shown.dependencies } : undefined,
  );
  return toNodeSecurity(node, shown, advisories);
}

/** The Security section of the advisories read for a pack and the version the page shows. */
export function toNodeSecurity(
  node: { id: string },
  shown: { version: string } | null,
  { pack, dependencies }: NodeAdvisories,
): NodeSecurity {
  const packEntries = pack.map(({ advisory, affected }): SecurityEntry => {
    return {
      id: advisory.id,
      summary: advisory.summary,
      severity: advisory.severity,
      kind: advisory.kind,
      about: 'pack',
      package: node.id,
      requirement: null,
      ranges: affected.flatMap((row) => row.ranges),
      versions: [...new Set(affected.flatMap((row) => row.versions))],
      fixed: fixedOf(affected),
      affectsShown: shown !== null && affected.some((row) => affectsVersion('Nodeyard', row, shown.version)),
    };
  });
  const dependencyEntries = dependencies.map(({ advisory, affected, requirement }): SecurityEntry => ({
    id: advisory.id,
    summary: advisory.summary,
    severity: advisory.severity,
    kind: advisory.kind,
    about: 'dependency',
    package: affected.package,
    requirement,
    ranges: affected.ranges,
    versions: affected.versions,
    fixed: fixedOf([affected]),
    affectsShown: true,
  }));
  return { shownVersion: shown?.version ?? null, entries: [...packEntries, ...dependencyEntries] };
}
