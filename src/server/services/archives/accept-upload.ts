import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { ArchiveRow, NodeVersionRow } from '../../db/rows.ts';
import type { ApiError } from '../../errors.ts';
import { archives, nodeVersions } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/record.ts';
import { uploadDenial } from '../publish/upload-gate.ts';
import { VERSION_SCAN_JOB } from '../moderation/scan-version.ts';
import { ARCHIVE_CONTENT_TYPE } from './archive-key.ts';
import { validateZip, zipLimitsFor, type ZipRefusalCode } from '../../analysis/pack/validate-zip.ts';

/** The archive row stored under a key (an upload URL names its key), if any. */
export async function findArchiveByKey(db: AppDeps['db'], key: string): Promise<ArchiveRow | undefined> {
  const [archive] = await db.select().from(archives).where(eq(archives.key, key)).limit(1);
  return archive;
}

export type AcceptResult =
  | { status: 'accepted'; version: NodeVersionRow; archive: ArchiveRow }
  /** No archive record (or no version) for this key. */
  | { status: 'unknown_key' }
  | { status: 'already_accepted' }
  /** The version was deleted or banned before its zip arrived. */
  | { status: 'version_closed'; version: NodeVersionRow }
  /** Remote stores only: nothing was uploaded at the key. */
  | { status: 'missing_object' }
  /** The bytes are not an acceptable archive: `code` tells a structurally ambiguous zip from a plainly bad one. */
  | { status: 'rejected'; message: string; code: ZipRefusalCode }
  /** Whoever published the version may no longer (banned, removed, token revoked): services/publish/upload-gate.ts. */
  | { status: 'refused'; error: ApiError };

async function loadTarget(services: AppDeps, key: string) {
  const [row] = await services.db
    .select({ archive: archives, version: nodeVersions })
    .from(archives)
    .innerJoin(nodeVersions, eq(nodeVersions.archiveId, archives.id))
    .where(eq(archives.key, key))
    .limit(1);
  return row;
}

function tooLargeMessage(services: AppDeps, size: number): string | null {
  const { maxArchiveBytes } = services.config;
  return size > maxArchiveBytes ? `The archive is larger than ${maxArchiveBytes} bytes.` : null;
}

interface Rejection {
  message: string;
  code: ZipRefusalCode;
}

/**
 * Why the bytes cannot be a node archive, or null. The one archive check (analysis/pack/validate-zip.ts)
 * for every way an archive arrives: the filesystem upload route and the S3 await-upload job both
 * come through here, and the scan job checks the stored bytes again with the same rules.
 */
async function rejectionOf(services: AppDeps, bytes: Uint8Array): Promise<Rejection | null> {
  const tooLarge = tooLargeMessage(services, bytes.length);
  if (tooLarge) return { message: tooLarge, code: 'invalid_archive' };
  const check = await validateZip(bytes, zipLimitsFor(services.config.maxArchiveBytes));
  return check.ok ? null : { message: check.message, code: check.code };
}

async function noteRejection(services: AppDeps, version: NodeVersionRow, message: string) {
  await services.db
    .update(nodeVersions)
    .set({ statusReason: `Archive rejected: ${message}`, updatedAt: services.clock.now() })
    .where(and(eq(nodeVersions.id, version.id), eq(nodeVersions.status, 'NodeVersionStatusPending')));
}

/** A remote object that is not acceptable is deleted (nothing unvalidated stays in the bucket). */
async function reject(
  services: AppDeps,
  version: NodeVersionRow,
  archiveKey: string,
  rejection: Rejection,
): Promise<AcceptResult> {
  await services.storage.delete(archiveKey);
  await noteRejection(services, version, rejection.message);
  return { status: 'rejected', ...rejection };
}

/**
 * Accepts the zip of a Pending version: validate, hash, record, and queue `version.scan` for
 * the moderation pipeline (services/moderation/scan-version.ts), which makes the version Active
 * when the scan is clean or Flagged otherwise — about a second later on a running server.
 *
 * - Filesystem store: the API received the upload, so the route passes `bytes`; they are stored
 *   only once valid (nothing is written for a bad zip).
 * - S3: the client PUTs straight to the bucket and the API never sees it. The
 *   `archive.await_upload` job queued at publish (await-upload.ts) calls this without `bytes`
 *   until the object is there: its size is checked with `storage.head`, then it is read back
 *   with `storage.get`, and deleted again when it is not acceptable.
 * A rejected upload leaves the version Pending with the reason in status_reason.
 */
export async function acceptUploadedArchive(
  services: AppDeps,
  archiveKey: string,
  options: { bytes?: Uint8Array } = {},
): Promise<AcceptResult> {
  const { db, storage, clock } = services;
  const target = await loadTarget(services, archiveKey);
  if (!target) return { status: 'unknown_key' };
  if (target.archive.uploadedAt) return { status: 'already_accepted' };
  if (target.version.status !== 'NodeVersionStatusPending')
    return { status: 'version_closed', version: target.version };

  const refusal = await uploadDenial(db, target.version);
  if (refusal) {
    if (!options.bytes) await storage.delete(archiveKey);
    await noteRejection(services, target.version, refusal.message);
    return { status: 'refused', error: refusal };
  }

  let bytes = options.bytes;
  if (!bytes) {
    // Remote store: anyone holding the signed URL chose the object's size, so look before reading.
    const head = await storage.head(archiveKey);
    if (!head) return { status: 'missing_object' };
    const tooLarge = tooLargeMessage(services, head.size);
    if (tooLarge) return reject(services, target.version, archiveKey, { message: tooLarge, code: 'invalid_archive' });
    bytes = (await storage.get(archiveKey)) ?? undefined;
    if (!bytes) return { status: 'missing_object' };
  }
  const problem = await rejectionOf(services, bytes);
  if (problem) {
    if (!options.bytes) return reject(services, target.version, archiveKey, problem);
    // Nothing was stored: the route answers 400 and the version stays Pending with the reason.
    await noteRejection(services, target.version, problem.message);
    return { status: 'rejected', ...problem };
  }

  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const now = clock.now();
  const result = await db.transaction(async (tx): Promise<AcceptResult> => {
    // Claim the record first: of two concurrent uploads only one gets here, so the stored bytes
    // always match the recorded hash.
    const [archive] = await tx
      .update(archives)
      .set({ size: bytes.length, sha256, uploadedAt: now, updatedAt: now })
      .where(and(eq(archives.id, target.archive.id), isNull(archives.uploadedAt)))
      .returning();
    if (!archive) return { status: 'already_accepted' };
    if (options.bytes) await storage.put(archiveKey, bytes, ARCHIVE_CONTENT_TYPE);
    // Still Pending: only the pipeline decides Active or Flagged. The reason of an earlier rejected
    // upload is cleared.
    const [version] = await tx
      .update(nodeVersions)
      .set({ statusReason: '', updatedAt: now })
      .where(eq(nodeVersions.id, target.version.id))
      .returning();
    await enqueueJob(tx, VERSION_SCAN_JOB, { versionId: version!.id });
    await recordAudit(tx, {
      actor: { userId: null, kind: 'system' },
      action: 'node_version.archive_accept',
      targetType: 'node_version',
      targetId: version!.id,
      before: { status: target.version.status },
      after: { status: version!.status, archive: { key: archiveKey, size: bytes.length, sha256 } },
    });
    return { status: 'accepted', version: version!, archive };
  });
  if (result.status === 'accepted') services.jobs.wake();
  return result;
}
