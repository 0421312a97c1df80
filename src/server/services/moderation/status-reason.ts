import type { NodeVersionRow } from '../../db/rows.ts';
import type { versionScans } from '../../db/schema/index.ts';
import { NO_UPLOAD_REASON } from '../archives/await-upload.ts';
import { SCAN_FAILED_REASON } from './verdict.ts';

type ScanRow = typeof versionScans.$inferSelect;

/**
 * Where a version's `status_reason` came from, so a client can say it in the reader's language
 * instead of showing the English sentence the pipeline composed:
 * - `scan`: the automated scan decided (its findings are the structured detail), text null;
 * - `scan_failed`: the scan could not finish, text null;
 * - `upload`: the archive was refused or never arrived; text is the check's own explanation;
 * - `moderator`: an admin's reason, text exactly as they wrote it;
 * - `none`: no reason recorded.
 */
export type ReasonSource = 'none' | 'scan' | 'scan_failed' | 'upload' | 'moderator';

const UPLOAD_PREFIX = 'Archive rejected: ';

export function statusReasonOf(
  version: Pick<NodeVersionRow, 'status' | 'statusReason'>,
  scan: Pick<ScanRow, 'appliedStatus' | 'appliedReason'> | null,
): { source: ReasonSource; text: string | null } {
  const reason = version.statusReason.trim();
  if (!reason) return { source: 'none', text: null };
  if (scan?.appliedReason === version.statusReason && scan.appliedStatus === version.status) {
    return { source: reason === SCAN_FAILED_REASON ? 'scan_failed' : 'scan', text: null };
  }
  if (reason === SCAN_FAILED_REASON && version.status === 'NodeVersionStatusFlagged') {
    return { source: 'scan_failed', text: null };
  }
  if (reason === NO_UPLOAD_REASON) return { source: 'upload', text: null };
  if (reason.startsWith(UPLOAD_PREFIX)) return { source: 'upload', text: reason.slice(UPLOAD_PREFIX.length) };
  return { source: 'moderator', text: version.statusReason };
}
