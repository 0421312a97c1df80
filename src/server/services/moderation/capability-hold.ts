import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { nodeVersions, versionScans } from '../../db/schema/index.ts';
import type { CapabilitySummary, CapabilityKind } from '../../analysis/capabilities/capability.ts';
import { compareCapabilities } from '../../analysis/capabilities/compare-capabilities.ts';
import { finding, type Finding } from '../../analysis/scan/finding.ts';
import { RULES } from '../../analysis/scan/rules.ts';
import { compareVersionsDesc } from '../versions/semver.ts';

// HOLD_ON_GAINED_CAPABILITIES: an update that can do more than the version its users run today
// (starting processes, installing packages, …) waits for a human. The hold is a PY920 finding per
// place that shows a gained kind, so the verdict flags the version through the usual path, the
// reviewer reads file:line in the findings, and a rescan recomputes it like any other finding.

/** The Active version this one updates: the highest Active version below it (yanked ones too). */
async function previousActiveCapabilities(tx: Db, version: NodeVersionRow): Promise<CapabilitySummary | null> {
  const rows = await tx
    .select({ version: nodeVersions.version, capabilities: versionScans.capabilities })
    .from(nodeVersions)
    .leftJoin(versionScans, eq(versionScans.nodeVersionId, nodeVersions.id))
    .where(
      and(
        eq(nodeVersions.nodeId, version.nodeId),
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
        ne(nodeVersions.id, version.id),
      ),
    );
  const older = rows.filter((row) => compareVersionsDesc(row.version, version.version) > 0);
  older.sort((a, b) => compareVersionsDesc(a.version, b.version));
  // Unknown powers (scanned before summaries, not backfilled yet) cannot be compared: no hold.
  return older[0]?.capabilities ?? null;
}

/** PY920 findings for the held kinds this version gains; [] when the setting is off or nothing is gained. */
export async function gainedCapabilityFindings(
  tx: Db,
  version: NodeVersionRow,
  capabilities: CapabilitySummary,
  held: readonly CapabilityKind[] | undefined,
): Promise<Finding[]> {
  if (!held || held.length === 0) return [];
  const previous = await previousActiveCapabilities(tx, version);
  if (!previous) return [];
  const { gained } = compareCapabilities(previous, capabilities);
  return gained
    .filter((change) => held.includes(change.kind))
    .flatMap((change) =>
      change.places.map((place) =>
        finding(RULES.gainedCapability, place.file, place.line, place.snippet, `(${change.kind})`),
      ),
    );
}
