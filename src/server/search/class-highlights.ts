import { expandText, foldText, normalizeKey } from './tokenizer.ts';

export const MAX_MATCHED_CLASSES = 5;

/**
 * Which of a node's class names the query hit, given the class-field terms that matched. A class whose whole
 * name matched comes first, then those sharing more matched words, then shorter names. Only run for the
 * hits of one page, so re-tokenizing the class names here is cheaper than storing their tokens.
 */
export function matchedClassNames(classNames: readonly string[], matchedTerms: ReadonlySet<string>): string[] {
  if (matchedTerms.size === 0) return [];
  const terms = [...matchedTerms];
  const scored: { name: string; whole: boolean; shared: number; at: number }[] = [];
  classNames.forEach((name, at) => {
    // Cheap substring test first: big packs have hundreds of classes and only a few can match.
    const lower = foldText(name).toLowerCase();
    if (!terms.some((term) => lower.includes(term))) return;
    const tokens = new Set(expandText(name));
    let shared = 0;
    for (const token of tokens) if (matchedTerms.has(token)) shared++;
    if (shared > 0) scored.push({ name, whole: matchedTerms.has(normalizeKey(name)), shared, at });
  });
  scored.sort(
    (a, b) => Number(b.whole) - Number(a.whole) || b.shared - a.shared || a.name.length - b.name.length || a.at - b.at,
  );
  return scored.slice(0, MAX_MATCHED_CLASSES).map((s) => s.name);
}
