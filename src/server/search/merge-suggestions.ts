import type { Suggestion } from './port.ts';
import type { PopularQuery } from './popular-queries.ts';
import type { Completion } from './suggestions.ts';

interface Candidate {
  suggestion: Suggestion;
  /** 0 for node and class names, 1 for popular queries: a name always comes first. */
  tier: number;
  score: number;
}

/**
 * One list from the three sources. Real names (nodes, classes; by match quality × popularity) rank
 * above every popular query (by match quality × decayed client weight), so no amount of searching
 * puts a visitor's text, or a misspelling, above the pack it is about. No kind may take more than
 * half of the slots while another kind still has candidates, so a prefix shared by hundreds of class
 * names still shows the node and the popular query the user probably meant.
 */
export function mergeSuggestions(completions: Completion[], queries: PopularQuery[], limit: number): Suggestion[] {
  const candidates: Candidate[] = [
    ...completions.map((c) => ({ suggestion: toSuggestion(c), tier: 0, score: c.score })),
    ...queries.map((q) => ({
      suggestion: { text: q.text, kind: 'query' as const },
      tier: 1,
      score: q.quality * q.weight,
    })),
  ];
  candidates.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.score - a.score ||
      a.suggestion.text.length - b.suggestion.text.length ||
      (a.suggestion.text < b.suggestion.text ? -1 : a.suggestion.text > b.suggestion.text ? 1 : 0),
  );
  const seen = new Set<string>();
  const unique = candidates.filter((c) => {
    const key = `${c.suggestion.kind}\u0000${c.suggestion.nodeId ?? c.suggestion.text.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const cap = Math.ceil(limit / 2);
  const perKind = { node: 0, class: 0, query: 0 };
  const picked = new Set<Candidate>();
  for (const candidate of unique) {
    if (picked.size >= limit) break;
    if (perKind[candidate.suggestion.kind] >= cap) continue;
    perKind[candidate.suggestion.kind]++;
    picked.add(candidate);
  }
  // Not enough variety: fill the remaining slots in rank order.
  for (const candidate of unique) {
    if (picked.size >= limit) break;
    picked.add(candidate);
  }
  return unique.filter((c) => picked.has(c)).map((c) => c.suggestion);
}

function toSuggestion(completion: Completion): Suggestion {
  const suggestion: Suggestion = { text: completion.text, kind: completion.kind };
  if (completion.nodeId !== undefined) suggestion.nodeId = completion.nodeId;
  return suggestion;
}
