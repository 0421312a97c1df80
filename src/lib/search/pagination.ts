// Which page numbers a pagination bar shows: first, last and a window around the current page,
// with gaps ("…") instead of long runs, so the bar stays short for thousands of pages.

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

export function pageItems(current: number, totalPages: number, around = 1): PageItem[] {
  if (totalPages <= 1) return [];
  const pages = new Set<number>([1, totalPages]);
  for (let page = current - around; page <= current + around; page += 1) {
    if (page >= 1 && page <= totalPages) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    // A gap of exactly one page shows that page instead of "…".
    if (page - previous === 2) items.push({ kind: 'page', page: page - 1 });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}
