// Page numbers, one way for every paged list: the API's list routes, their services and the public pages.

/** 1-based page + page size, already clamped to sane bounds by the caller. */
export interface Paging {
  page: number;
  limit: number;
}

export function pageOffset({ page, limit }: Paging): number {
  return (page - 1) * limit;
}

/** 0 for an empty result (ComfyUI-Manager loops `while page < totalPages`). */
export function countPages(total: number, limit: number): number {
  return total === 0 ? 0 : Math.ceil(total / limit);
}

/** A page's `?page=` as a positive integer; anything else is page 1. */
export function parsePageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
