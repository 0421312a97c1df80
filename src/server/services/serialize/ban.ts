import type { BanView } from '../bans/standing.ts';
import type { BanAppealRow } from '../bans/appeals.ts';

export function toApiAppeal(appeal: BanAppealRow) {
  return {
    id: appeal.id,
    message: appeal.message,
    created_at: appeal.createdAt.toISOString(),
    status: appeal.decision ?? ('open' as const),
    response: appeal.response,
    decided_at: appeal.decidedAt?.toISOString() ?? null,
  };
}

export function toApiBan(ban: BanView) {
  return {
    reason: ban.reason,
    banned_at: ban.bannedAt.toISOString(),
    appeal: ban.appeal ? toApiAppeal(ban.appeal) : null,
  };
}
