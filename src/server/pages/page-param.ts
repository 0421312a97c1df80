// Shared by the paged public pages (CI dashboard, release notes).
/** `?page=` as a positive integer (anything else is page 1). */
export function parsePageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
