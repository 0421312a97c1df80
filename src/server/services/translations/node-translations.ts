import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import {
  boundedTranslations,
  MAX_TRANSLATION_CHARS,
  outOfPolicyLocales,
  TRANSLATABLE_FIELDS,
  translatedChars,
  type BoundedTranslations,
  type TranslatableField,
} from './translation-policy.ts';

// Per-locale translations of a node's name and description, as `nodes.translations`
// ({locale: {name?, description?}}), served by GET /nodes/{id}?include_translations=true and in
// every list. The limits are in translation-policy.ts; the route checks locales and lengths.

export type TranslationPatch = Record<string, Partial<Record<TranslatableField, string>>>;

/** The given locales' fields merged over the current ones (a field sent as "" removes it). */
export function mergeTranslations(current: BoundedTranslations, patch: TranslationPatch): BoundedTranslations {
  const merged: BoundedTranslations = { ...current };
  for (const [locale, fields] of Object.entries(patch)) {
    const next = { ...merged[locale] };
    for (const field of TRANSLATABLE_FIELDS) {
      const value = fields[field];
      if (value === undefined) continue;
      if (value === '') delete next[field];
      else next[field] = value;
    }
    if (Object.keys(next).length > 0) merged[locale] = next;
    else delete merged[locale];
  }
  return merged;
}

type FieldChanges = Record<string, Partial<Record<TranslatableField, string | null>>>;

/** Only what changed, field by field: {before: {fr: {name: "old"}}, after: {fr: {name: "new"}}} (null: absent). */
export function translationDiff(
  before: BoundedTranslations,
  after: BoundedTranslations,
): { before: FieldChanges; after: FieldChanges } {
  const diff = { before: {} as FieldChanges, after: {} as FieldChanges };
  for (const locale of new Set([...Object.keys(before), ...Object.keys(after)])) {
    for (const field of TRANSLATABLE_FIELDS) {
      const old = before[locale]?.[field] ?? null;
      const now = after[locale]?.[field] ?? null;
      if (old === now) continue;
      (diff.before[locale] ??= {})[field] = old;
      (diff.after[locale] ??= {})[field] = now;
    }
  }
  return diff;
}

/** How many locales outside the policy a write dropped, and the first few of them (for the audit entry). */
const DROPPED_SAMPLE = 20;

/**
 * Stores a patch in one transaction (row locked), bumps updated_at and audits the change (only the
 * fields that changed). Locales left from before the policy are dropped by the write. Over
 * MAX_TRANSLATION_CHARS altogether: 400 `translations_too_large`, nothing written.
 */
export async function saveNodeTranslations(
  db: Db,
  input: { node: NodeRow; patch: TranslationPatch; actor: AuditActor; caller?: string },
): Promise<BoundedTranslations> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(nodes).where(eq(nodes.id, input.node.id)).for('update');
    const stored = locked?.translations ?? {};
    const current = boundedTranslations(stored);
    const after = mergeTranslations(current, input.patch);
    const total = translatedChars(after);
    if (total > MAX_TRANSLATION_CHARS) {
      throw badRequest(
        `Node "${input.node.id}" would carry ${total} characters of translations; at most ` +
          `${MAX_TRANSLATION_CHARS} are allowed for all locales together. Shorten or remove some.`,
        'translations_too_large',
      );
    }
    const dropped = outOfPolicyLocales(stored);
    const diff = translationDiff(current, after);
    if (Object.keys(diff.after).length === 0 && dropped.length === 0) return after;
    await tx
      .update(nodes)
      .set({ translations: after, updatedAt: sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})` })
      .where(eq(nodes.id, input.node.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'node.translations',
      targetType: 'node',
      targetId: input.node.id,
      before: { translations: diff.before },
      after: {
        translations: diff.after,
        ...(input.caller ? { caller: input.caller } : {}),
        ...(dropped.length
          ? { dropped_locales: { count: dropped.length, first: dropped.slice(0, DROPPED_SAMPLE) } }
          : {}),
      },
    });
    return after;
  });
}
