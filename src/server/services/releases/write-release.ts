import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { releaseNotes, type ReleaseAttention, type ReleaseLocale, type ReleaseProject } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { uniqueViolation } from '../publish/unique-violation.ts';
import type { ReleaseNoteRow } from './serialize.ts';

export interface ReleaseFields {
  project: ReleaseProject;
  /** Canonical semver (the route normalises it). */
  version: string;
  locale: ReleaseLocale;
  attention: ReleaseAttention;
  content: string;
  formFactors: string[];
  publishedAt: Date;
}

const taken = (fields: Pick<ReleaseFields, 'project' | 'version' | 'locale'>) =>
  conflict(
    `A ${fields.locale} release note for ${fields.project} ${fields.version} already exists; edit it instead.`,
    'release_exists',
  );

/** A new note (409 when that project/version/locale already has one), audited in the same transaction. */
export async function createRelease(db: Db, admin: UserRow, fields: ReleaseFields): Promise<ReleaseNoteRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(releaseNotes)
      .values({ ...fields, createdBy: admin.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken(fields);
    await recordAudit(tx, {
      actor: userActor(admin),
      action: 'release.create',
      targetType: 'release_note',
      targetId: String(row.id),
      after: row,
    });
    return row;
  });
}

async function lockRelease(db: Db, id: number): Promise<ReleaseNoteRow> {
  const [row] = await db.select().from(releaseNotes).where(eq(releaseNotes.id, id)).for('update');
  if (!row) throw notFound(`No release note with id ${id}.`);
  return row;
}

/** Changes the given fields of a note (404 unknown, 409 when it would collide with another note). */
export async function updateRelease(
  db: Db,
  admin: UserRow,
  id: number,
  changes: Partial<ReleaseFields>,
  now: Date,
): Promise<ReleaseNoteRow> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockRelease(tx, id);
      const [after] = await tx
        .update(releaseNotes)
        .set({ ...changes, updatedAt: now })
        .where(eq(releaseNotes.id, id))
        .returning();
      await recordAudit(tx, {
        actor: userActor(admin),
        action: 'release.update',
        targetType: 'release_note',
        targetId: String(id),
        before,
        after,
      });
      return after!;
    });
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    throw conflict(
      'Another release note already has this project, version and locale; edit that one instead.',
      'release_exists',
    );
  }
}

export async function deleteRelease(db: Db, admin: UserRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockRelease(tx, id);
    await tx.delete(releaseNotes).where(eq(releaseNotes.id, id));
    await recordAudit(tx, {
      actor: userActor(admin),
      action: 'release.delete',
      targetType: 'release_note',
      targetId: String(id),
      before,
    });
  });
}
