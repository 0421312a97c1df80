import type { PublisherRow } from '../../db/rows.ts';
import type { BanView } from '../bans/standing.ts';
import { toApiBan } from './ban.ts';
import { omitNullish } from './omit-empty.ts';

export interface ApiPublisherMember {
  id: string;
  role: string;
  user: { id: string; name?: string; email?: string };
}

/**
 * Members (with e-mails) are only passed in for people allowed to see them: owners and admins; the ban (reason,
 * date, appeal) for its members and admins.
 */
export function toApiPublisher(row: PublisherRow, members?: ApiPublisherMember[], ban?: BanView | null) {
  return omitNullish({
    id: row.id,
    name: row.name,
    description: row.description,
    website: row.website,
    support: row.support,
    source_code_repo: row.sourceCodeRepo,
    logo: row.logo,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    members,
    ban: ban ? toApiBan(ban) : undefined,
  });
}
