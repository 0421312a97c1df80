// What the 404 page offers in place of the missing page: for a pack address, the id that was asked
// for; for any address, a search for the words in it, with the few packs that search finds first.
import { plainDescription } from '../../../lib/text/manager-markup.ts';
import { splitLocalePath } from '../../../lib/locale-path.ts';
import type { AppDeps } from '../../app-deps.ts';
import { runSearch } from '../home/run-search.ts';

/** Packs listed under "similar name": enough to catch a typo or a rename, short enough to scan. */
export const NOT_FOUND_SUGGESTIONS = 5;
/** Longer path words are no one's typo of a pack name (and would only make the search slower). */
const MAX_QUERY_LENGTH = 100;

export interface NotFoundSuggestion {
  id: string;
  name: string;
  description: string;
}

export interface NotFoundData {
  /** Set when the address was a pack page (`/{lang}/nodes/<id>`): the id nobody has. */
  missingPackId?: string | undefined;
  /** The words of the address, to prefill the search box. */
  query: string;
  suggestions: NotFoundSuggestion[];
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The address's last segment as search words: `comfyui-impact-pak` → `comfyui impact pak`. */
export function queryFromPath(pathname: string): { missingPackId?: string; query: string } {
  const segments = splitLocalePath(pathname).rest.split('/').filter(Boolean).map(decode);
  const last = segments.at(-1) ?? '';
  const pack = segments[0] === 'nodes' && segments.length === 2;
  // A file-like address (`/en/setup.php`) searches for its name; a pack id keeps every part.
  const words = (pack ? last : last.replace(/\.[a-z0-9]{1,5}$/i, '')).replace(/[-_.+]+/g, ' ');
  const query = words.trim().slice(0, MAX_QUERY_LENGTH);
  return pack ? { missingPackId: last, query } : { query };
}

export async function loadNotFound(services: AppDeps | undefined, pathname: string): Promise<NotFoundData> {
  const { missingPackId, query } = queryFromPath(pathname);
  if (!services || !query) return { missingPackId, query, suggestions: [] };
  const found = await runSearch(services, { text: query, sort: 'relevance', page: 1, limit: NOT_FOUND_SUGGESTIONS });
  const suggestions = found.nodes.map((node) => ({
    id: node.id,
    name: node.name?.trim() || node.id,
    description: plainDescription(node.description ?? ''),
  }));
  return { missingPackId, query, suggestions };
}
