import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisories, advisoryAffected } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { AdvisoryInput, CheckedAffected } from './advisory-input.ts';
import { allocateAdvisoryId } from './allocate-id.ts';
import { checkAffected } from './check-affected.ts';
import { getAdvisoryOr404, type AdvisoryRecord } from './load-advisories.ts';

export interface AdvisoryWrite {
  actor: AuditActor;
  now: Date;
  action: string;
  /** Extra facts for the audit row (the ban an advisory came from, the file it was imported from). */
  auditExtras?: Record<string, unknown> | undefined;
}

/** The advisory as its audit rows record it (what an admin reads in the log). */
const auditState = (record: AdvisoryRecord) => ({
  summary: record.summary,
  severity: record.severity,
  kind: record.kind,
  aliases: record.aliases,
  withdrawn_at: record.withdrawnAt,
  affected: record.affected.map(({ ecosystem, package: name, ranges, versions }) => ({
    ecosystem,
    package: name,
    ranges,
    versions,
  })),
});

async function replaceAffected(tx: Db, advisoryId: string, affected: CheckedAffected[]) {
  await tx.delete(advisoryAffected).where(eq(advisoryAffected.advisoryId, advisoryId));
  if (affected.length === 0) return;
  await tx.insert(advisoryAffected).values(
    affected.map((entry) => ({
      advisoryId,
      ecosystem: entry.ecosystem,
      package: entry.package,
      ranges: entry.ranges,
      versions: entry.versions,
    })),
  );
}

const columnsOf = (input: AdvisoryInput) => ({
  summary: input.summary,
  details: input.details,
  severity: input.severity,
  kind: input.kind,
  aliases: input.aliases,
  references: input.references,
});

/** Publishes a new advisory (id allocated in the same transaction as the rows and the audit entry). */
export async function createAdvisory(
  db: Db,
  input: AdvisoryInput,
  write: AdvisoryWrite & { importedFrom?: string | undefined; createdByUserId?: string | null | undefined },
): Promise<AdvisoryRecord> {
  const affected = await checkAffected(db, input.affected);
  const id = await db.transaction(async (tx) => {
    const newId = await allocateAdvisoryId(tx, write.now);
    await tx.insert(advisories).values({
      id: newId,
      ...columnsOf(input),
      importedFrom: write.importedFrom ?? null,
      publishedAt: write.now,
      modifiedAt: write.now,
      createdByUserId: write.createdByUserId ?? null,
    });
    await replaceAffected(tx, newId, affected);
    const created = await getAdvisoryOr404(tx, newId);
    await recordAudit(tx, {
      actor: write.actor,
      action: write.action,
      targetType: 'advisory',
      targetId: newId,
      before: null,
      after: { ...auditState(created), ...write.auditExtras },
    });
    return newId;
  });
  return getAdvisoryOr404(db, id);
}

/** Replaces an advisory's text and affected list; `modified` moves so feed clients fetch it again. */
export async function updateAdvisory(
  db: Db,
  id: string,
  input: AdvisoryInput,
  write: AdvisoryWrite,
): Promise<AdvisoryRecord> {
  const affected = await checkAffected(db, input.affected);
  const before = await getAdvisoryOr404(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(advisories)
      .set({ ...columnsOf(input), modifiedAt: write.now })
      .where(eq(advisories.id, before.id));
    await replaceAffected(tx, before.id, affected);
    await recordAudit(tx, {
      actor: write.actor,
      action: write.action,
      targetType: 'advisory',
      targetId: before.id,
      before: auditState(before),
      after: { ...auditState(await getAdvisoryOr404(tx, before.id)), ...write.auditExtras },
    });
  });
  return getAdvisoryOr404(db, before.id);
}

/**
 * Withdraws an advisory (OSV `withdrawn`): it stays in the feed so clients drop it, but matches nothing and blocks
 * no install. Withdrawing twice is a 409 `advisory_withdrawn`.
 */
export async function withdrawAdvisory(db: Db, id: string, write: AdvisoryWrite): Promise<AdvisoryRecord> {
  const before = await getAdvisoryOr404(db, id);
  if (before.withdrawnAt) throw conflict(`Advisory ${before.id} is already withdrawn.`, 'advisory_withdrawn');
  await db.transaction(async (tx) => {
    await tx
      .update(advisories)
      .set({ withdrawnAt: write.now, modifiedAt: write.now })
      .where(eq(advisories.id, before.id));
    await recordAudit(tx, {
      actor: write.actor,
      action: write.action,
      targetType: 'advisory',
      targetId: before.id,
      before: auditState(before),
      after: { withdrawn_at: write.now, ...write.auditExtras },
    });
  });
  return getAdvisoryOr404(db, before.id);
}
