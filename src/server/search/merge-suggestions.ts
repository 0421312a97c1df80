import type { Suggestion } from './port.ts';
import type { PopularQuery } from './popular-queries.ts';
import type { Completion } from './suggestions.ts';

/** A query people ran this often weighs like a node with about ten times as many stars. */
const QUERY_WEIGHT = 1.5;

interface Candidate {
  suggestion: Suggestion;
  score: number;
}

/**
 * One list from the three sources, by score (match quality × popularity); no kind may take more than half of
 * the slots while another kind still has candidates, so a prefix shared by hundreds of class names still shows
 * the node and the popular query the user probably meant.
 */
export function mergeSuggestions(completions: Completion[], queries: PopularQuery[], limit: number): Suggestion[] {
  const candidates: Candidate[] = [
    ...completions.map((c) => ({ suggestion: toSuggestion(c), score: c.score })),
    ...queries.map((q) => ({
      suggestion: { text: q.text, kind: 'query' as const },
      score: q.quality * QUERY_WEIGHT * (1 + Math.log10(1 + q.count)),
    })),
  ];
  candidates.sort(
    (a, b) =>
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
