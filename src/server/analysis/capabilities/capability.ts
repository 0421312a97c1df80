// What a version's code can do, as read from its files by the scan: one list of kinds, and for each
// kind the places (file and line) that show it. The summary is stored with the scan record and
// compared between versions (what an update gains or loses), never used as a verdict on its own.

export const CAPABILITY_KINDS = [
  'network',
  'subprocess',
  'runtime_install',
  'dynamic_code',
  'http_routes',
  'native_binaries',
  'file_writes_outside',
  'env_reads',
] as const;

export type CapabilityKind = (typeof CAPABILITY_KINDS)[number];

export interface CapabilityEvidence {
  kind: CapabilityKind;
  file: string;
  /** 1-based; null for a file as a whole (a bundled binary). */
  line: number | null;
  snippet: string;
}

export interface CapabilityPlaces {
  /** Every place found, even beyond the ones listed. */
  count: number;
  /** The first places, in file then line order. */
  places: { file: string; line: number | null; snippet: string }[];
}

/** Only the kinds a version has appear. */
export type CapabilitySummary = Partial<Record<CapabilityKind, CapabilityPlaces>>;

/** Places kept per kind: enough to point a reviewer at the code, small enough to store per version. */
export const MAX_PLACES_PER_KIND = 20;

const byPlace = (a: CapabilityEvidence, b: CapabilityEvidence) =>
  a.file === b.file ? (a.line ?? 0) - (b.line ?? 0) : a.file < b.file ? -1 : 1;

export function summarizeCapabilities(evidence: readonly CapabilityEvidence[]): CapabilitySummary {
  const summary: CapabilitySummary = {};
  const seen = new Set<string>();
  for (const item of [...evidence].sort(byPlace)) {
    const key = `${item.kind}\0${item.file}\0${item.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = (summary[item.kind] ??= { count: 0, places: [] });
    entry.count += 1;
    if (entry.places.length < MAX_PLACES_PER_KIND) {
      entry.places.push({ file: item.file, line: item.line, snippet: item.snippet });
    }
  }
  return summary;
}
