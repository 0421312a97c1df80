// Which cached GETs a successful write makes stale (spec §7): a POST invalidates its own path; a
// PUT, PATCH or DELETE its path and the parent path (the path minus its last segment). Query keys
// are `[path, query]`, so invalidating `[path]` hits that path with any query params.
import type { ApiMethod } from '../api/client.ts';

function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** `/publishers/p/tokens/t` → `/publishers/p/tokens`; null when there is no parent left. */
export function parentPath(path: string): string | null {
  const trimmed = pathOnly(path).replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  if (cut <= 0) return null;
  return trimmed.slice(0, cut);
}

/** The paths whose cached queries go stale after `method path` succeeded. */
export function pathsToInvalidate(method: ApiMethod, path: string): string[] {
  const own = pathOnly(path);
  if (method === 'GET') return [];
  if (method === 'POST') return [own];
  const parent = parentPath(own);
  return parent && parent !== own ? [own, parent] : [own];
}
