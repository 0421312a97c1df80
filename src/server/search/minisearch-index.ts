import MiniSearch, { type Query, type SearchResult as EngineResult } from 'minisearch';
import { matchedClassNames } from './class-highlights.ts';
import { applyFacets } from './facets.ts';
import { acceleratorMatcher, osMatcher, tagMatcher } from './filters.ts';
import { indexedFields, sameIndexedText, toEntry, type IndexedEntry, type IndexedFields } from './indexed-entry.ts';
import { mergeSuggestions } from './merge-suggestions.ts';
import { toMiniSearchQuery, type FieldSets } from './minisearch-query.ts';
import { planQuery } from './planner.ts';
import { PopularQueries, type PopularQueriesOptions } from './popular-queries.ts';
import type {
  PopularQueryTotal,
  QueryObservation,
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
  Suggestion,
  SuggestOptions,
} from './port.ts';
import { recordableQuery } from './recorded-query-text.ts';
import { popularitySignal } from './ranking.ts';
import { comparatorFor, firstInOrder } from './sorting.ts';
import { SuggestionIndex } from './suggestions.ts';
import { expandText, normalizeKey, splitWords } from './tokenizer.ts';
import { Vocabulary } from './vocabulary.ts';
import { noteRecordedQuery } from './recorded-query-scope.ts';

/** Field weights from the bake-off: a name hit beats a class hit beats a description hit. */
const FIELD_BOOST = { title: 5, nodes: 2.5, text: 1 };
const TEXT_FIELDS: FieldSets = { all: ['title', 'nodes', 'text'], names: ['title', 'nodes'] };
const CLASS_FIELDS: FieldSets = { all: ['nodes'], names: ['nodes'] };

export interface MiniSearchIndexOptions {
  popularQueries?: PopularQueriesOptions;
}

/** Verdicts on recorded query texts kept until the index changes (then they may differ). */
const MAX_CACHED_VERDICTS = 5000;

interface Candidate {
  entry: IndexedEntry;
  score: number;
  /** The engine's match (terms and fields); null in browse mode and for exact-name matches it missed. */
  result: EngineResult | null;
  /** The whole query is this node's name or id. */
  exact: boolean;
}

function createEngine(): MiniSearch<IndexedFields> {
  return new MiniSearch<IndexedFields>({
    fields: ['title', 'nodes', 'text'],
    storeFields: [],
    // Fields arrive tokenized by tokenizer.ts (the same code plans the query), so MiniSearch only splits.
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
    searchOptions: {
      boost: FIELD_BOOST,
      // A prefix match counts for less than the word itself. (Typos are corrected by the planner, which
      // weighs corrections itself; MiniSearch's own fuzzy matching is never switched on.)
      weights: { prefix: 0.375, fuzzy: 0.45 },
      tokenize: (term) => [term],
      processTerm: (term) => term,
    },
  });
}

/** The default SearchIndex: in-process, rebuilt at start-up, updated on every node change. */
export class MiniSearchIndex implements SearchIndex {
  #engine = createEngine();
  #vocabulary = new Vocabulary();
  readonly #entries = new Map<string, IndexedEntry>();
  /** normalizeKey(name) and normalizeKey(id) → node ids, for the exact-match bonus. */
  readonly #exact = new Map<string, Set<string>>();
  #suggestions: SuggestionIndex;
  readonly #queries: PopularQueries;
  /** Query text → whether it may be suggested to others; emptied by every change of the index. */
  readonly #suggestable = new Map<string, boolean>();

  constructor(options: MiniSearchIndexOptions = {}) {
    this.#suggestions = this.#createSuggestions();
    this.#queries = new PopularQueries(options.popularQueries);
  }

  size(): number {
    return this.#entries.size;
  }

  upsert(doc: SearchDocument): void {
    this.#suggestable.clear();
    if (doc.status === 'NodeStatusDeleted') {
      this.remove(doc.id);
      return;
    }
    const previous = this.#entries.get(doc.id);
    if (previous && sameIndexedText(previous.doc, doc)) {
      // Downloads, stars, dates or status only: no re-tokenizing.
      this.#entries.set(doc.id, toEntry(doc, previous));
    } else {
      const { fields, tokens, nameTokens } = indexedFields(doc);
      if (previous) {
        this.#engine.discard(doc.id);
        this.#vocabulary.updateDocument(previous, { tokens, nameTokens });
        this.#unlinkExact(previous.doc);
      } else {
        this.#vocabulary.addDocument(tokens, nameTokens);
      }
      this.#engine.add(fields);
      this.#linkExact(doc);
      this.#entries.set(doc.id, toEntry(doc, { tokens, nameTokens }));
    }
    this.#syncSuggestions(previous?.doc, doc);
  }

  remove(id: string): void {
    const previous = this.#entries.get(id);
    if (!previous) return;
    this.#suggestable.clear();
    this.#entries.delete(id);
    this.#engine.discard(id);
    this.#vocabulary.removeDocument(previous.tokens, previous.nameTokens);
    this.#unlinkExact(previous.doc);
    this.#suggestions.removeNode(id);
  }

  replaceAll(docs: Iterable<SearchDocument>): void {
    this.#engine = createEngine();
    this.#vocabulary = new Vocabulary();
    this.#suggestable.clear();
    this.#entries.clear();
    this.#exact.clear();
    this.#suggestions = this.#createSuggestions();
    for (const doc of docs) this.upsert(doc);
  }

  search(query: SearchQuery): SearchResult {
    // Untrimmed: a trailing space tells the planner the last word is finished (no prefix matching).
    const text = query.text?.trim() ? query.text : '';
    const classText = query.classText?.trim() ? query.classText : '';
    const candidates = text || classText ? this.#match(text, classText) : this.#browse();
    const repository = query.repositoryUrl?.trim().toLowerCase() ?? '';
    const visible = candidates.filter(
      ({ entry }) =>
        (isPromoted(entry.doc) || query.includeBanned === true) &&
        (!repository || entry.repositoryUrl.includes(repository)),
    );
    const { matches, facets } = applyFacets(visible, {
      os: osMatcher(query.os),
      accelerators: acceleratorMatcher(query.accelerators),
      tags: tagMatcher(query.tags),
    });
    const limit = Math.max(0, Math.floor(query.limit) || 0);
    const start = (Math.max(1, Math.floor(query.page) || 1) - 1) * limit;
    const ordered = firstInOrder(matches, comparatorFor(query.sort), start + limit);
    return { hits: ordered.slice(start).map(toHit), total: matches.length, facets };
  }

  suggest(prefix: string, limit: number, options: SuggestOptions = {}): Suggestion[] {
    const key = normalizeKey(prefix);
    // Only punctuation typed: nothing to complete (an empty prefix, by contrast, lists popular queries).
    if (limit <= 0 || (key === '' && prefix.trim() !== '')) return [];
    const completions = this.#suggestions.complete(key, limit);
    // Packs disappear after their query became popular: each one is checked again before it is shown.
    const queries =
      options.popularQueries === false ? [] : this.#queries.complete(key, limit, (text) => this.#mayBeSuggested(text));
    return mergeSuggestions(completions, queries, limit);
  }

  recordQuery(text: string, client: string): void {
    noteRecordedQuery(text);
    const normalized = recordableQuery(text);
    if (normalized !== null && this.#mayBeSuggested(normalized)) this.#queries.record(normalized, client);
  }

  drainRecordedQueries(): QueryObservation[] {
    return this.#queries.drainPending();
  }

  replacePopularQueries(totals: PopularQueryTotal[]): void {
    this.#queries.replaceAll(totals);
  }

  /**
   * Whether a recorded text may ever be shown to other visitors: it finds at least one visible pack,
   * and every word of it is one those packs contain (or a stop word). Typos the planner corrected,
   * half-typed words and words that only banned packs or nobody use never qualify, so a suggestion can
   * only repeat the registry's own words.
   */
  #mayBeSuggested(text: string): boolean {
    const known = this.#suggestable.get(text);
    if (known !== undefined) return known;
    const verdict = this.#findsEveryWord(text);
    if (this.#suggestable.size >= MAX_CACHED_VERDICTS) this.#suggestable.clear();
    this.#suggestable.set(text, verdict);
    return verdict;
  }

  #findsEveryWord(text: string): boolean {
    const words = new Set(splitWords(text).map((word) => word.toLowerCase()));
    if (words.size === 0) return false;
    const matched = new Set<string>();
    let found = false;
    for (const candidate of this.#match(text, '')) {
      if (!isPromoted(candidate.entry.doc)) continue;
      // The whole text is a visible pack's name or id.
      if (candidate.exact) return true;
      found = true;
      for (const term of candidate.result?.terms ?? []) matched.add(term);
    }
    return found && [...words].every((word) => matched.has(word) || this.#vocabulary.isFrequent(word));
  }

  #match(text: string, classText: string): Candidate[] {
    const textQuery = text ? toMiniSearchQuery(planQuery(text, this.#vocabulary), TEXT_FIELDS) : null;
    const classQuery = classText ? toMiniSearchQuery(planQuery(classText, this.#vocabulary), CLASS_FIELDS) : null;
    let query: Query | null = textQuery ?? classQuery;
    if (text && classText) {
      // Both given: a node must match both (a side that planned to nothing matches nothing).
      query = textQuery && classQuery ? { combineWith: 'AND', queries: [textQuery, classQuery] } : null;
    }
    const candidates: Candidate[] = [];
    let best = 0;
    for (const result of query ? this.#engine.search(query) : []) {
      const entry = this.#entries.get(result.id as string);
      if (!entry) continue;
      // The document boost (ranking.ts), applied once to the total: the same as MiniSearch's boostDocument,
      // which multiplies every term's contribution, without a callback per posting.
      const score = result.score * entry.boost;
      if (score > best) best = score;
      candidates.push({ entry, score, result, exact: false });
    }
    // The exact name or id outranks everything else, and is found even when planning dropped all its words.
    const exactIds = text && !classText ? this.#exact.get(normalizeKey(text)) : undefined;
    if (exactIds) {
      const byId = new Map(candidates.map((c) => [c.entry.doc.id, c]));
      for (const id of exactIds) {
        let candidate = byId.get(id);
        const entry = this.#entries.get(id);
        if (!candidate && entry) {
          candidate = { entry, score: 0, result: null, exact: true };
          candidates.push(candidate);
        }
        if (!candidate) continue;
        candidate.exact = true;
        candidate.score += best + candidate.entry.boost;
      }
    }
    return candidates;
  }

  /** No text: every node, relevance meaning popularity × editorial ranking. */
  #browse(): Candidate[] {
    const candidates: Candidate[] = [];
    for (const entry of this.#entries.values())
      candidates.push({ entry, score: entry.boost, result: null, exact: false });
    return candidates;
  }

  #linkExact(doc: SearchDocument): void {
    for (const key of exactKeys(doc)) {
      const ids = this.#exact.get(key);
      if (ids) ids.add(doc.id);
      else this.#exact.set(key, new Set([doc.id]));
    }
  }

  #unlinkExact(doc: SearchDocument): void {
    for (const key of exactKeys(doc)) {
      const ids = this.#exact.get(key);
      ids?.delete(doc.id);
      if (ids?.size === 0) this.#exact.delete(key);
    }
  }

  /**
   * Only active, not withheld nodes are suggested. A download or star change does not re-link a label: suggestion order
   * follows popularity as of the label's last change (or the last rebuild), which is close enough.
   */
  #syncSuggestions(previous: SearchDocument | undefined, doc: SearchDocument): void {
    if (!isPromoted(doc)) {
      this.#suggestions.removeNode(doc.id);
      return;
    }
    const unchanged =
      previous !== undefined &&
      isPromoted(previous) &&
      previous.name === doc.name &&
      previous.classNames.length === doc.classNames.length &&
      previous.classNames.every((name, i) => name === doc.classNames[i]);
    if (!unchanged) this.#suggestions.setNode(doc.id, doc.name, doc.classNames);
  }

  #createSuggestions(): SuggestionIndex {
    return new SuggestionIndex((id) => {
      const entry = this.#entries.get(id);
      return entry ? popularitySignal(entry.doc) : 0;
    });
  }
}

/** Shown without asking: active and not withheld (banned and withheld ones only with includeBanned). */
function isPromoted(doc: SearchDocument): boolean {
  return doc.status === 'NodeStatusActive' && doc.withheld !== true;
}

function exactKeys(doc: SearchDocument): Set<string> {
  return new Set([normalizeKey(doc.name), normalizeKey(doc.id)].filter((key) => key.length > 0));
}

function toHit(candidate: Candidate): SearchHit {
  const { entry, score, result, exact } = candidate;
  if (!result) {
    // Browse mode has nothing to highlight; an exact-name match the engine missed highlights the name.
    const terms = exact ? [...new Set(expandText(entry.doc.name))] : [];
    return { id: entry.doc.id, score, matchedTerms: terms, matchedClassNames: [] };
  }
  const classTerms = new Set(
    Object.entries(result.match)
      .filter(([, fields]) => fields.includes('nodes'))
      .map(([term]) => term),
  );
  return {
    id: entry.doc.id,
    score,
    matchedTerms: result.terms,
    matchedClassNames: matchedClassNames(entry.doc.classNames, classTerms),
  };
}
