import { CAPABILITY_KINDS, type CapabilityKind, type CapabilityPlaces, type CapabilitySummary } from './capability.ts';

// What an update gains or loses in powers: a kind is gained when the newer version has it and the
// older has none, lost the other way round. Places of the same kind moving around are not a change
// of power, so only the presence of a kind counts.

export interface CapabilityChange extends CapabilityPlaces {
  kind: CapabilityKind;
}

export interface CapabilityComparison {
  /** Kinds the newer version has and the older lacks, with the newer version's places. */
  gained: CapabilityChange[];
  /** Kinds the older version had and the newer lacks, with the older version's places. */
  lost: CapabilityChange[];
}

export function compareCapabilities(from: CapabilitySummary, to: CapabilitySummary): CapabilityComparison {
  const gained: CapabilityChange[] = [];
  const lost: CapabilityChange[] = [];
  for (const kind of CAPABILITY_KINDS) {
    const before = from[kind];
    const after = to[kind];
    if (after && !before) gained.push({ kind, ...after });
    if (before && !after) lost.push({ kind, ...before });
  }
  return { gained, lost };
}
