import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';

// Per-locale translations of a node's name and description, as `nodes.translations`
// ({locale: {name?, description?}}), served by GET /nodes/{id}?include_translations=true.

export type NodeTranslations = Record<string, Record<string, unknown>>;

/** Translated fields kept; anything else a translation service sends is ignored. */
export const TRANSLATABLE_FIELDS = ['name', 'description'] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];
export type TranslationPatch = Record<string, Partial<Record<TranslatableField, string>>>;

/** The given locales' fields merged over the stored ones (a field sent as "" removes it). */
export function mergeTranslations(current: NodeTranslations, patch: TranslationPatch): NodeTranslations {
  const merged: NodeTranslations = { ...current };
  for (const [locale, fields] of Object.entries(patch)) {
    const next: Record<string, unknown> = { ...merged[locale] };
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

/** Stores a patch in one transaction (row locked), bumps updated_at and records the change. */
export async function saveNodeTranslations(
  db: Db,
  input: { node: NodeRow; patch: TranslationPatch; actor: AuditActor; caller?: string },
): Promise<NodeTranslations> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(nodes).where(eq(nodes.id, input.node.id)).for('update');
    const before = locked?.translations ?? {};
    const after = mergeTranslations(before, input.patch);
    await tx
      .update(nodes)
      .set({ translations: after, updatedAt: sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})` })
      .where(eq(nodes.id, input.node.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'node.translations',
      targetType: 'node',
      targetId: input.node.id,
      before,
      after: input.caller ? { translations: after, caller: input.caller } : { translations: after },
    });
    return after;
  });
}
