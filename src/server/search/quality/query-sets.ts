import type { SearchDocument } from '../port.ts';
import { normalizeKey, splitWords } from '../tokenizer.ts';

/**
 * Deterministic evaluation queries derived from the corpus (the bake-off's method): seed 42 is the test set,
 * seed 7 was used for tuning. Targets are node ids; nodes sharing a name count as the same answer.
 */

export type QueryType = 'exact' | 'typo' | 'prefix' | 'class';
export const QUERY_TYPES: readonly QueryType[] = ['exact', 'typo', 'prefix', 'class'];

export interface EvalQuery {
  type: QueryType;
  text: string;
  /** Any of these in the top k is a hit. */
  targets: ReadonlySet<string>;
}

/** Words too common in pack names to make a meaningful prefix. */
const GENERIC = new Set(['comfyui', 'comfy', 'node', 'nodes', 'pack', 'custom', 'suite', 'for', 'the', 'and']);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** mulberry32: tiny, seedable, good enough to pick test cases. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildQuerySet(docs: readonly SearchDocument[], seed: number, perType: number): EvalQuery[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const byName = new Map<string, Set<string>>();
  for (const doc of docs) {
    const key = normalizeKey(doc.name);
    byName.set(key, (byName.get(key) ?? new Set()).add(doc.id));
  }
  const byClass = new Map<string, Set<string>>();
  for (const doc of docs) for (const c of doc.classNames) byClass.set(c, (byClass.get(c) ?? new Set()).add(doc.id));
  const named = docs.filter((doc) => normalizeKey(doc.name).length > 0);
  const sameName = (doc: SearchDocument) => byName.get(normalizeKey(doc.name)) ?? new Set([doc.id]);

  const out: EvalQuery[] = [];
  for (let i = 0; i < perType; i++) {
    const doc = pick(named);
    out.push({ type: 'exact', text: doc.name, targets: sameName(doc) });
  }
  const typoable = named.filter((doc) => longestWord(doc.name).length >= 4);
  for (let i = 0; i < perType; i++) {
    const doc = pick(typoable);
    const word = longestWord(doc.name);
    out.push({ type: 'typo', text: doc.name.replace(word, misspell(word, random)), targets: sameName(doc) });
  }
  const prefixable = named.filter((doc) => longestWord(doc.name, GENERIC).length >= 3);
  for (let i = 0; i < perType; i++) {
    const doc = pick(prefixable);
    const word = longestWord(doc.name, GENERIC);
    const length = Math.min(word.length, 3 + Math.floor(random() * 4));
    out.push({ type: 'prefix', text: word.slice(0, length), targets: sameName(doc) });
  }
  const withClasses = docs.filter((doc) => doc.classNames.length > 0);
  for (let i = 0; i < perType; i++) {
    const className = pick(pick(withClasses).classNames);
    out.push({ type: 'class', text: className, targets: byClass.get(className) ?? new Set() });
  }
  return out;
}

/** The longest word of a name (first on ties), skipping `skip` (lower-case). */
export function longestWord(name: string, skip: ReadonlySet<string> = new Set()): string {
  let best = '';
  for (const word of splitWords(name)) if (!skip.has(word.toLowerCase()) && word.length > best.length) best = word;
  return best;
}

/** One deletion, adjacent transposition or substitution. */
function misspell(word: string, random: () => number): string {
  const kind = Math.floor(random() * 3);
  const at = Math.floor(random() * word.length);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1 && at < word.length - 1 && word[at] !== word[at + 1]) {
    return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
  }
  const current = (word[at] ?? '').toLowerCase();
  const choices = LETTERS.replace(current, '');
  return word.slice(0, at) + choices[Math.floor(random() * choices.length)] + word.slice(at + 1);
}
