import { and, asc, eq, gt, gte, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisories, advisoryAffected } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

// The column types the node page's Security section shows (page loaders never import db/schema).
export type { AdvisoryKind, AdvisoryRange, AdvisorySeverity } from '../../db/schema/advisories.ts';

export type AdvisoryRow = typeof advisories.$inferSelect;
export type AffectedRow = typeof advisoryAffected.$inferSelect;

/** An advisory with what it affects. */
export interface AdvisoryRecord extends AdvisoryRow {
  affected: AffectedRow[];
}

/** The affected rows of these advisories, grouped by advisory (one query). */
async function attachAffected(db: Db, rows: AdvisoryRow[]): Promise<AdvisoryRecord[]> {
  if (rows.length === 0) return [];
  const affected = await db
    .select()
    .from(advisoryAffected)
    .where(
      inArray(
        advisoryAffected.advisoryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(advisoryAffected.ecosystem), asc(advisoryAffected.package), asc(advisoryAffected.id));
  return rows.map((row) => ({ ...row, affected: affected.filter((a) => a.advisoryId === row.id) }));
}

export async function loadAdvisoriesByIds(db: Db, ids: string[]): Promise<AdvisoryRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(advisories).where(inArray(advisories.id, ids)).orderBy(asc(advisories.id));
  return attachAffected(db, rows);
}

export async function getAdvisoryOr404(db: Db, id: string): Promise<AdvisoryRecord> {
  const [record] = await loadAdvisoriesByIds(db, [id.toUpperCase()]);
  if (!record) throw notFound(`Advisory "${id}" not found.`);
  return record;
}

/** Where a page of the feed starts: after this (modified, id), so edits during a crawl never skip a row. */
export interface FeedCursor {
  modifiedAt: Date;
  id: string;
}

/**
 * One page of advisories in (modified, id) order, withdrawn ones included (clients must learn of a withdrawal):
 * those modified after `since` (inclusive), continuing after `after`.
 */
export async function listAdvisoryPage(
  db: Db,
  options: { since?: Date | undefined; after?: FeedCursor | undefined; limit: number },
): Promise<AdvisoryRecord[]> {
  const conditions: SQL[] = [];
  if (options.since) conditions.push(gte(advisories.modifiedAt, options.since));
  if (options.after) {
    conditions.push(
      or(
        gt(advisories.modifiedAt, options.after.modifiedAt),
        and(eq(advisories.modifiedAt, options.after.modifiedAt), gt(advisories.id, options.after.id)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(advisories)
    .where(and(...conditions))
    .orderBy(asc(advisories.modifiedAt), asc(advisories.id))
    .limit(options.limit);
  return attachAffected(db, rows);
}

/** Every advisory (the bulk zip). The table holds thousands at most; one read. */
export async function loadAllAdvisories(db: Db): Promise<AdvisoryRecord[]> {
  const rows = await db.select().from(advisories).orderBy(asc(advisories.id));
  return attachAffected(db, rows);
}
