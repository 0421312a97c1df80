import { PrefixTopLists, type TopItem } from './prefix-top-lists.ts';
import { WHOLE_LABEL, completionKeys, normalizeKey } from './tokenizer.ts';

/**
 * Completions from node names and class names. Every label is reachable from the start of each of its first
 * words and camelCase parts, with separators ignored: `ComfyUI-Impact-Pack` completes `comfyui imp`,
 * `impactp` and `pack`; `KSamplerAdvanced` completes `sampler`.
 *
 * Ranking = match quality × popularity weight, fixed when a label is linked (popularity is read through
 * `popularityOf` at that moment); prefix-top-lists.ts answers the ranked look-ups.
 */

export interface Completion {
  text: string;
  kind: 'node' | 'class';
  nodeId?: string;
  score: number;
}

interface NodeEntry {
  kind: 'node';
  label: string;
  /** The label's full completion key (keys[0]). */
  key: string;
  weight: number;
  id: string;
}

interface ClassEntry {
  kind: 'class';
  label: string;
  key: string;
  weight: number;
  /** Active nodes whose latest version has this class (an array: nearly always one). */
  nodes: string[];
}

type Entry = NodeEntry | ClassEntry;

/** A class inherits its pack's popularity, but it is one of many classes of that pack: it ranks below it. */
const CLASS_WEIGHT = 0.6;
/** Classes suggested per pack while others are available: 200 `Impact…` classes must not fill the list. */
const CLASSES_PER_PACK = 2;
const TOP_PREFIX = 4;
const NODE_TOP = 40;
const CLASS_TOP = 60;

export class SuggestionIndex {
  readonly #top = {
    node: new PrefixTopLists<Entry>(TOP_PREFIX, NODE_TOP),
    class: new PrefixTopLists<Entry>(TOP_PREFIX, CLASS_TOP),
  };
  readonly #nodes = new Map<string, { entry: NodeEntry; classKeys: Set<string> }>();
  readonly #classes = new Map<string, ClassEntry>();
  readonly #popularityOf: (nodeId: string) => number;

  constructor(popularityOf: (nodeId: string) => number) {
    this.#popularityOf = popularityOf;
  }

  /**
   * Adds or updates an active node (banned ones must not be advertised: remove them). Only what changed is
   * re-linked, so a new version with the same classes costs almost nothing.
   */
  setNode(id: string, name: string, classNames: readonly string[]): void {
    let stored = this.#nodes.get(id);
    if (stored && stored.entry.label !== name) this.#unlink(stored.entry);
    if (!stored || stored.entry.label !== name) {
      const keys = completionKeys(name);
      const entry: NodeEntry = { kind: 'node', label: name, key: keys[0] ?? '', weight: 0, id };
      this.#link(entry, keys);
      stored = { entry, classKeys: stored?.classKeys ?? new Set() };
      this.#nodes.set(id, stored);
    }
    // Classes are identified by their normalized name (cheap: no camelCase split for the unchanged ones).
    const wanted = new Map<string, string>();
    for (const className of classNames) {
      const key = normalizeKey(className);
      if (key.length >= 2 && !wanted.has(key)) wanted.set(key, className);
    }
    for (const key of stored.classKeys) if (!wanted.has(key)) this.#detachClass(id, key);
    for (const [key, className] of wanted) if (!stored.classKeys.has(key)) this.#attachClass(id, key, className);
    stored.classKeys = new Set(wanted.keys());
  }

  removeNode(id: string): void {
    const stored = this.#nodes.get(id);
    if (!stored) return;
    this.#nodes.delete(id);
    this.#unlink(stored.entry);
    for (const key of stored.classKeys) this.#detachClass(id, key);
  }

  /** Up to `perKind` node and `perKind` class completions for a normalized prefix (see normalizeKey). */
  complete(prefixKey: string, perKind: number): Completion[] {
    if (prefixKey.length === 0 || perKind <= 0) return [];
    const picked = [
      ...this.#completeKind('node', prefixKey, perKind),
      ...this.#completeKind('class', prefixKey, perKind),
    ];
    return picked.map((item) => this.#toCompletion(item)).sort(compareCompletions);
  }

  #completeKind(kind: Entry['kind'], prefixKey: string, perKind: number): TopItem<Entry>[] {
    const seen = new Set<Entry>();
    const perPack = new Map<string, number>();
    const picked: TopItem<Entry>[] = [];
    const heldBack: TopItem<Entry>[] = [];
    for (const item of this.#top[kind].ranked(prefixKey)) {
      if (picked.length >= perKind) break;
      // One label can be reached through two of its keys.
      if (seen.has(item.entry)) continue;
      seen.add(item.entry);
      if (item.entry.kind === 'class') {
        const pack = this.#bestPack(item.entry);
        const count = perPack.get(pack) ?? 0;
        perPack.set(pack, count + 1);
        if (count >= CLASSES_PER_PACK) {
          heldBack.push(item);
          continue;
        }
      }
      picked.push(item);
    }
    // Not enough variety: the held-back classes still beat an empty slot.
    for (const item of heldBack) if (picked.length < perKind) picked.push(item);
    return picked;
  }

  #toCompletion({ entry, key }: TopItem<Entry>): Completion {
    const score = itemScore(entry, key);
    return entry.kind === 'node'
      ? { text: entry.label, kind: 'node', nodeId: entry.id, score }
      : { text: entry.label, kind: 'class', score };
  }

  /** The most popular pack shipping a class (ties: smallest id). */
  #bestPack(entry: ClassEntry): string {
    let pack = '';
    let best = -1;
    for (const id of entry.nodes) {
      const popularity = this.#popularityOf(id);
      if (popularity > best || (popularity === best && id < pack)) {
        pack = id;
        best = popularity;
      }
    }
    return pack;
  }

  #attachClass(nodeId: string, key: string, className: string): void {
    const existing = this.#classes.get(key);
    if (existing) {
      if (!existing.nodes.includes(nodeId)) existing.nodes.push(nodeId);
      return;
    }
    const entry: ClassEntry = { kind: 'class', label: className, key, weight: 0, nodes: [nodeId] };
    this.#classes.set(key, entry);
    this.#link(entry, completionKeys(className));
  }

  #detachClass(nodeId: string, key: string): void {
    const entry = this.#classes.get(key);
    if (!entry) return;
    entry.nodes = entry.nodes.filter((id) => id !== nodeId);
    if (entry.nodes.length > 0) return;
    this.#classes.delete(key);
    this.#unlink(entry);
  }

  #link(entry: Entry, keys: readonly string[]): void {
    const popularity = entry.kind === 'node' ? this.#popularityOf(entry.id) : this.#maxPopularity(entry);
    entry.weight = (entry.kind === 'class' ? CLASS_WEIGHT : 1) * (1 + Math.log10(1 + popularity));
    for (const key of keys) this.#top[entry.kind].add(entry, key, itemScore(entry, key));
  }

  #unlink(entry: Entry): void {
    for (const key of completionKeys(entry.label)) this.#top[entry.kind].remove(entry, key);
  }

  #maxPopularity(entry: ClassEntry): number {
    let best = 0;
    for (const id of entry.nodes) best = Math.max(best, this.#popularityOf(id));
    return best;
  }
}

/** A key that is the whole label scores WHOLE_LABEL times one starting at a later word. */
function itemScore(entry: Entry, key: string): number {
  return (key === entry.key ? WHOLE_LABEL : 1) * entry.weight;
}

/** Score, then shorter and alphabetical text, then kind (deterministic). */
export function compareCompletions(a: Completion, b: Completion): number {
  return (
    b.score - a.score ||
    a.text.length - b.text.length ||
    (a.text < b.text ? -1 : a.text > b.text ? 1 : 0) ||
    (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)
  );
}
