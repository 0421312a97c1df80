/** 1-based page + page size, already clamped to sane bounds by the route. */
export interface Paging {
  page: number;
  limit: number;
}

export function pageOffset({ page, limit }: Paging): number {
  return (page - 1) * limit;
}

/** 0 for an empty result (Manager loops `while page < totalPages`). */
export function countPages(total: number, limit: number): number {
  return total === 0 ? 0 : Math.ceil(total / limit);
}
