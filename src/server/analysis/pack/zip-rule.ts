// Why an archive is refused, as a rule id (stable, documented in docs/api.md and docs/moderation.md)
// and a sentence that names the entry and the disagreeing values. Rules about the archive's
// STRUCTURE are "ambiguous": zip readers would disagree on what the archive holds, so what gets
// installed might not be what was scanned. The others make it unsafe or unreadable for everyone.

import { INVALID_ARCHIVE_RULES } from '../../../lib/publish/archive-rules.ts';

/** Bump when the archive rules change: every Active version's stored archive is checked again. */
export const ARCHIVE_RULES_VERSION = '2026.11.1';

export const AMBIGUOUS_RULES = [
  /** Bytes before the first entry, or offsets that only line up after a shift. */
  'bytes-before-archive',
  /** The end-of-central-directory record is not alone at the very end, or its fields disagree. */
  'end-record',
  /** The central directory is not right after the last entry, or not where the end record says. */
  'central-directory',
  /** An entry is not where the previous one ends: gaps, overlaps, other order, unreferenced data. */
  'entry-layout',
  /** A local header disagrees with its central directory record (name, method, flags, CRC, sizes). */
  'header-mismatch',
  /** A data descriptor is missing, misplaced or disagrees with the central directory. */
  'data-descriptor',
  /** ZIP64 records or fields (never needed below our size limit; readers apply them differently). */
  'zip64',
  /** A malformed extra field, or an Info-ZIP Unicode Path field naming another file. */
  'extra-field',
  /** A non-ASCII name not marked UTF-8, or invalid UTF-8. */
  'name-encoding',
  /** The data does not inflate to exactly the declared size and CRC-32, or not from exactly the stored bytes. */
  'entry-data',
  /** Two entries extract to the same path somewhere (case, Unicode normalisation, "./", a file and a folder). */
  'duplicate-name',
] as const;

/** The rules a plainly bad archive breaks (shared with the publish page, which names each one). */
export const INVALID_RULES = INVALID_ARCHIVE_RULES;

export type AmbiguousRule = (typeof AMBIGUOUS_RULES)[number];
export type ZipRule = AmbiguousRule | (typeof INVALID_RULES)[number];

const ambiguous = new Set<string>(AMBIGUOUS_RULES);

/** Whether breaking `rule` means extractors could disagree (as opposed to a plainly bad archive). */
export const isAmbiguityRule = (rule: ZipRule): rule is AmbiguousRule => ambiguous.has(rule);

/** A broken archive rule. `message` is the whole sentence shown to the publisher. */
export class ZipRuleError extends Error {
  readonly rule: ZipRule;
  readonly entry: string | undefined;
  constructor(rule: ZipRule, message: string, entry?: string) {
    super(message);
    this.rule = rule;
    this.entry = entry;
  }
}

/** Quotes a name for a message, however hostile: control characters escaped, length capped. */
export function quoteName(name: string): string {
  const shown = name.length > 120 ? `${name.slice(0, 117)}…` : name;
  const escaped = [...shown]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return code < 0x20 || (code >= 0x7f && code <= 0x9f) ? `\\u${code.toString(16).padStart(4, '0')}` : ch;
    })
    .join('');
  return `"${escaped}"`;
}

/** An ambiguity: "The archive is ambiguous (rule): detail." */
export function ambiguity(rule: AmbiguousRule, detail: string, entry?: string): ZipRuleError {
  return new ZipRuleError(rule, `The archive is ambiguous (${rule}): ${detail}.`, entry);
}
