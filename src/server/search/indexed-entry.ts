import type { Faceted } from './facets.ts';
import { normalizeClassifier, normalizeTag } from './filters.ts';
import type { SearchDocument } from './port.ts';
import { documentBoost } from './ranking.ts';
import { expandText } from './tokenizer.ts';

/** A node as the index keeps it: the document plus what every query or update would otherwise recompute. */
export interface IndexedEntry extends Faceted {
  /** popularity × editorial (ranking.ts). */
  boost: number;
  repositoryUrl: string;
  /** Distinct tokens (all fields, and name/id + class fields), so an edit or removal never re-tokenizes. */
  tokens: string[];
  nameTokens: string[];
}

/** The three MiniSearch fields, already tokenized (space-separated tokens). */
export interface IndexedFields {
  id: string;
  title: string;
  nodes: string;
  text: string;
}

export function toEntry(doc: SearchDocument, tokens: Pick<IndexedEntry, 'tokens' | 'nameTokens'>): IndexedEntry {
  return {
    doc,
    tokens: tokens.tokens,
    nameTokens: tokens.nameTokens,
    boost: documentBoost(doc),
    os: doc.supportedOs.map(normalizeClassifier),
    accelerators: doc.supportedAccelerators.map(normalizeClassifier),
    tags: doc.tags.map(normalizeTag),
    repositoryUrl: (doc.repositoryUrl ?? '').toLowerCase(),
  };
}

/**
 * Fields as the study weighed them: name + id (the title), the class names, and everything else a user might
 * type (author, publisher, tags, description). Also the document's distinct tokens (all, and those of the
 * name and class fields), for the vocabulary.
 */
export function indexedFields(doc: SearchDocument): {
  fields: IndexedFields;
  tokens: string[];
  nameTokens: string[];
} {
  const title = [...expandText(doc.name), ...expandText(doc.id)];
  const nodes = doc.classNames.flatMap((name) => expandText(name));
  const text = [doc.author, doc.publisherId, doc.publisherName, ...doc.tags, doc.description].flatMap((value) =>
    expandText(value),
  );
  return {
    fields: { id: doc.id, title: title.join(' '), nodes: nodes.join(' '), text: text.join(' ') },
    tokens: [...new Set([...title, ...nodes, ...text])],
    nameTokens: [...new Set([...title, ...nodes])],
  };
}

/** True when re-indexing would produce the same tokens (only counters, dates or status changed). */
export function sameIndexedText(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.description === b.description &&
    a.author === b.author &&
    a.publisherId === b.publisherId &&
    a.publisherName === b.publisherName &&
    sameList(a.tags, b.tags) &&
    sameList(a.classNames, b.classNames)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
