// Suggestions are completions of a prefix, so a query that found nothing is retried with shorter
// pieces: its longest words (a typo in one word should not hide the others), then ever shorter
// starts of it (down to 3 characters), until one has completions.

export function didYouMeanPrefixes(query: string, max = 5): string[] {
  const text = query.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!text) return [];
  const words = text
    .split(' ')
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length);
  const starts = [Math.ceil(text.length / 2), 4, 3].map((length) => text.slice(0, Math.max(3, length)));
  const candidates = [text, ...(words.length > 1 ? words : []), ...starts];
  return [...new Set(candidates)].filter((c) => c.length >= 2).slice(0, max);
}
