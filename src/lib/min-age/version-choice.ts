// The node page's "show versions older than …" preference: which of a pack's installable versions
// it offers (pure, so the island and its unit test share it). Mirrors the API's min_age rule.

export interface CandidateVersion {
  version: string;
  /** ISO creation time: what "published" means for a minimum release age. */
  createdAt: string;
}

export interface VersionChoice {
  /** The newest candidate at least `minAgeMs` old at `now`, if any. */
  chosen: CandidateVersion | null;
  /** Candidates left out because they are younger. */
  heldBack: number;
}

/** `candidates` newest first (as the node page lists them); a minimum age of 0 takes the first. */
export function chooseVersion(candidates: readonly CandidateVersion[], minAgeMs: number, now: number): VersionChoice {
  const cutoff = now - minAgeMs;
  const index = candidates.findIndex((candidate) => Date.parse(candidate.createdAt) <= cutoff);
  return index === -1 ? { chosen: null, heldBack: candidates.length } : { chosen: candidates[index]!, heldBack: index };
}

/** The ages the preference offers, as the API spells them. */
export const PREFERENCE_AGES = ['1d', '3d', '7d', '14d'] as const;
export type PreferenceAge = (typeof PREFERENCE_AGES)[number];

/** Where the browser keeps the choice (one setting for every node page). */
export const PREFERENCE_KEY = 'nodeyard:min-release-age';
