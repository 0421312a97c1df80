import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import type { ApiErrorCode } from '../../errors.ts';
import { versionBanDenial } from '../publish/version-bans.ts';

// A ban can land after the zip was accepted: while the scan job waits in the queue or while the
// analysis runs. The scan's final transaction asks again (rows share-locked, so no ban commits in
// between) and, when the node, its publisher or the publishing account is banned by then, holds
// the version Flagged for a moderator instead of applying the verdict: it never becomes Active by
// itself. The hold is not recorded as the scanner's decision (version_scans.applied_status stays
// null), so a later rescan cannot lift it either; an admin decides (review queue).

export const BAN_HOLD_PREFIX = 'Held for review: ';

export interface BanHold {
  code: ApiErrorCode;
  reason: string;
}

/** The hold to apply to `version` now, or null when nothing stops it. Call inside the final transaction. */
export async function banHoldOf(tx: Db, version: NodeVersionRow): Promise<BanHold | null> {
  const denial = await versionBanDenial(tx, version, { lock: true });
  return denial ? { code: denial.code, reason: `${BAN_HOLD_PREFIX}${denial.message}` } : null;
}
