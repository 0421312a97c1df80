import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { countPages } from '../../../lib/paging.ts';
import { findPublisher } from '../../services/publishers/access.ts';
import { countMembers } from '../../services/publishers/members.ts';
import { firstPublicVersionDate } from '../../services/publishers/first-version-date.ts';
import { pagePublisherNodes } from '../../services/nodes/list-publisher-nodes.ts';
import { UNCLAIMED_PUBLISHER_ID } from '../../services/publishers/unclaimed.ts';
import { toApiNode, type ApiNode } from '../../services/serialize/node.ts';
import { withLatestAdvisories } from '../../services/advisories/latest-advisories.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import type { AppDeps } from '../../app-deps.ts';

/** Node cards per page. */
export const PUBLISHER_PAGE_SIZE = 12;

export interface PublisherPageData {
  /** The public profile: no members (their e-mails are for owners and admins only). */
  publisher: ReturnType<typeof toApiPublisher>;
  banned: boolean;
  /** The placeholder that holds unclaimed nodes. */
  isUnclaimedPlaceholder: boolean;
  memberCount: number;
  /**
   * "Publishing since": the publisher's creation, or for one nobody manages (made by the importer,
   * or the unclaimed placeholder) its first public version, since its creation date is the import's.
   * Null when there is no such version: the line is left out.
   */
  publishingSince: string | null;
  nodes: (ApiNode & { latest_version_advisories?: string[] })[];
  page: number;
  totalPages: number;
  total: number;
}

export type PublisherPageResult =
  | { kind: 'found'; data: PublisherPageData }
  | { kind: 'not-found' }
  /** The id was given in another letter case: send the reader to the canonical URL. */
  | { kind: 'moved'; publisherId: string };

/** The public publisher page: its profile and one page of its public (not banned, not deleted) nodes. */
export async function loadPublisherPage(
  services: AppDeps,
  input: { publisherId: string; page: number },
): Promise<PublisherPageResult> {
  const { db, config } = services;
  if (input.publisherId.length === 0 || input.publisherId.length > 100) return { kind: 'not-found' };
  const publisher = await findPublisher(db, input.publisherId);
  if (!publisher) return { kind: 'not-found' };
  if (publisher.id !== input.publisherId) return { kind: 'moved', publisherId: publisher.id };

  const [{ rows, total }, memberCount] = await Promise.all([
    pagePublisherNodes(db, publisher.id, { includeBanned: false, page: input.page, limit: PUBLISHER_PAGE_SIZE }),
    countMembers(db, publisher.id),
  ]);
  const [bundles, since] = await Promise.all([
    loadNodeBundles(db, rows),
    memberCount > 0 ? Promise.resolve(publisher.createdAt) : firstPublicVersionDate(db, publisher.id),
  ]);
  return {
    kind: 'found',
    data: {
      publisher: toApiPublisher(publisher),
      banned: publisher.status === 'PublisherStatusBanned',
      isUnclaimedPlaceholder: publisher.id === UNCLAIMED_PUBLISHER_ID,
      memberCount,
      publishingSince: since?.toISOString() ?? null,
      nodes: await withLatestAdvisories(
        db,
        bundles.map((bundle) => toApiNode(bundle, config, { includeStatusReason: false })),
      ),
      page: input.page,
      totalPages: countPages(total, PUBLISHER_PAGE_SIZE),
      total,
    },
  };
}
