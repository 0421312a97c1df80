import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { versionScans } from '../../db/schema/index.ts';
import type { CapabilitySummary, CapabilityKind } from '../../analysis/capabilities/capability.ts';
import { compareCapabilities } from '../../analysis/capabilities/compare-capabilities.ts';
import { finding, type Finding } from '../../analysis/scan/finding.ts';
import { RULES } from '../../analysis/scan/rules.ts';
import { previousActiveVersion } from '../versions/previous-active.ts';

// HOLD_ON_GAINED_CAPABILITIES: an update that can do more than the version its users run today
// (starting processes, installing packages, …) waits for a human. The hold is a PY920 finding per
// place that shows a gained kind, so the verdict flags the version through the usual path, the
// reviewer reads file:line in the findings, and a rescan recomputes it like any other finding.

/** The powers of the Active version this one updates (services/versions/previous-active.ts). */
async function previousActiveCapabilities(tx: Db, version: NodeVersionRow): Promise<CapabilitySummary | null> {
  const previous = await previousActiveVersion(tx, version);
  if (!previous) return null;
  const [scan] = await tx
    .select({ capabilities: versionScans.capabilities })
    .from(versionScans)
    .where(eq(versionScans.nodeVersionId, previous.id));
  // Unknown powers (scanned before summaries, not backfilled yet) cannot be compared: no hold.
  return scan?.capabilities ?? null;
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
