import { countPages } from '../../../lib/paging.ts';

/** The list envelope the contract uses for customers and events (totalPages 0 when empty). */
export function pageEnvelope(total: number, page: number, limit: number) {
  return { total, page, limit, totalPages: countPages(total, limit) };
}
