import SearchableMap from 'minisearch/SearchableMap';

/** A word in more than this share of the nodes ("comfyui", "node", "image", "for") carries no signal. */
export const FREQUENT_SHARE = 0.3;
/** Below this many nodes a share says nothing (3 of 5 nodes mentioning "upscale" is not a stop word). */
const MIN_DOCUMENTS_FOR_FREQUENT = 50;
/** Words get watched once they reach this share, so finding the frequent ones never scans the vocabulary. */
const WATCH_SHARE = 0.2;
const UNWATCH_SHARE = 0.1;
const MAX_CACHED_COMPLETIONS = 2000;

export interface FuzzyMatch {
  term: string;
  distance: number;
}

/**
 * Document frequency of every indexed token, kept exact on every add/remove. The planner reads it to tell
 * known words from typos and to spot stop words. Words of names and class names (the only fields that get
 * prefix and typo matching) also live in a radix tree, for bounded prefix expansion and typo look-ups that
 * never wander into description words.
 */
export class Vocabulary {
  readonly #df = new Map<string, number>();
  readonly #nameDf = new Map<string, number>();
  /** The keys of #nameDf; touched only when a word appears or disappears. */
  readonly #nameWords = new SearchableMap<true>();
  readonly #watched = new Set<string>();
  /** topCompletions answers ("c" walks thousands of words); emptied by any change, bounded in size. */
  readonly #completions = new Map<string, string[]>();
  #documents = 0;

  get documentCount(): number {
    return this.#documents;
  }

  /** Distinct tokens of one document, and the distinct tokens of its name/id and class names. */
  addDocument(tokens: Iterable<string>, nameTokens: Iterable<string>): void {
    this.#completions.clear();
    this.#documents++;
    for (const token of tokens) this.#count(token, 1);
    for (const token of nameTokens) this.#countName(token, 1);
  }

  removeDocument(tokens: Iterable<string>, nameTokens: Iterable<string>): void {
    this.#completions.clear();
    this.#documents = Math.max(0, this.#documents - 1);
    for (const token of tokens) this.#count(token, -1);
    for (const token of nameTokens) this.#countName(token, -1);
  }

  /** An edited document: only the tokens that came or went are counted (a 400-class pack edits cheaply). */
  updateDocument(
    before: { tokens: readonly string[]; nameTokens: readonly string[] },
    after: { tokens: readonly string[]; nameTokens: readonly string[] },
  ): void {
    this.#completions.clear();
    diff(before.tokens, after.tokens, (token, delta) => this.#count(token, delta));
    diff(before.nameTokens, after.nameTokens, (token, delta) => this.#countName(token, delta));
  }

  #count(token: string, delta: number): void {
    const count = (this.#df.get(token) ?? 0) + delta;
    if (count > 0) {
      this.#df.set(token, count);
      if (delta > 0 && count >= WATCH_SHARE * this.#documents) this.#watched.add(token);
    } else {
      this.#df.delete(token);
      this.#watched.delete(token);
    }
  }

  #countName(token: string, delta: number): void {
    const count = (this.#nameDf.get(token) ?? 0) + delta;
    if (count > 0) {
      this.#nameDf.set(token, count);
      if (count === delta) this.#nameWords.set(token, true);
    } else {
      this.#nameDf.delete(token);
      this.#nameWords.delete(token);
    }
  }

  df(term: string): number {
    return this.#df.get(term) ?? 0;
  }

  nameDf(term: string): number {
    return this.#nameDf.get(term) ?? 0;
  }

  isFrequent(term: string): boolean {
    if (this.#documents < MIN_DOCUMENTS_FOR_FREQUENT) return false;
    return this.df(term) > FREQUENT_SHARE * this.#documents;
  }

  /** The current stop words (a few dozen at most). */
  frequentWords(): string[] {
    const out: string[] = [];
    const unwatchBelow = UNWATCH_SHARE * this.#documents;
    for (const word of this.#watched) {
      if (this.isFrequent(word)) out.push(word);
      else if (this.#documents >= MIN_DOCUMENTS_FOR_FREQUENT && this.df(word) < unwatchBelow) {
        this.#watched.delete(word);
      }
    }
    return out.sort();
  }

  /** Up to `limit` non-frequent name words starting with `prefix`, in most nodes first (ties alphabetical). */
  topCompletions(prefix: string, limit: number): string[] {
    const cacheKey = `${limit}:${prefix}`;
    const cached = this.#completions.get(cacheKey);
    if (cached) return cached;
    const best: Ranked[] = [];
    for (const word of this.#nameWords.atPrefix(prefix).keys()) {
      if (this.isFrequent(word)) continue;
      insertRanked(best, { term: word, distance: 0, df: this.#nameDf.get(word) ?? 0 }, limit);
    }
    const words = best.map((match) => match.term);
    if (this.#completions.size >= MAX_CACHED_COMPLETIONS) this.#completions.clear();
    this.#completions.set(cacheKey, words);
    return words;
  }

  /**
   * Non-frequent name words within `maxDistance` edits of `word` (not the word itself), nearest first, then
   * in most nodes first. Levenshtein, plus adjacent transpositions at distance 1: `promtp` finds `prompt`.
   */
  fuzzyNameMatches(word: string, maxDistance: number, limit: number): FuzzyMatch[] {
    if (maxDistance <= 0) return [];
    const found = new Map<string, number>();
    for (const [term, [, distance]] of this.#nameWords.fuzzyGet(word, maxDistance)) found.set(term, distance);
    for (let i = 0; i + 1 < word.length; i++) {
      const swapped = word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
      if (swapped !== word && this.#nameDf.has(swapped)) found.set(swapped, 1);
    }
    const best: Ranked[] = [];
    for (const [term, distance] of found) {
      if (term === word || this.isFrequent(term)) continue;
      insertRanked(best, { term, distance, df: this.#nameDf.get(term) ?? 0 }, limit);
    }
    return best.map(({ term, distance }) => ({ term, distance }));
  }
}

function diff(before: readonly string[], after: readonly string[], apply: (token: string, delta: number) => void) {
  const old = new Set(before);
  const now = new Set(after);
  for (const token of now) if (!old.has(token)) apply(token, 1);
  for (const token of old) if (!now.has(token)) apply(token, -1);
}

interface Ranked extends FuzzyMatch {
  df: number;
}

/** Nearest first, then in most nodes, then alphabetical. */
function before(a: Ranked, b: Ranked): boolean {
  return (a.distance - b.distance || b.df - a.df || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0)) < 0;
}

/** Inserts into a list kept sorted by `before` and at most `limit` long (limits are tiny: 10–30). */
function insertRanked(list: Ranked[], item: Ranked, limit: number): void {
  const last = list[list.length - 1];
  if (list.length >= limit && last && !before(item, last)) return;
  let at = list.length;
  while (at > 0 && before(item, list[at - 1] as Ranked)) at--;
  list.splice(at, 0, item);
  if (list.length > limit) list.pop();
}
