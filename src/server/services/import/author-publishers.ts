import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publisherPermissions, publishers } from '../../db/schema/index.ts';
import { publisherIdProblem } from '../publishers/publisher-id.ts';
import { UNCLAIMED_PUBLISHER_ID } from '../publishers/unclaimed.ts';

/**
 * The publisher id for a corpus author: "Dr.Lt.Data" → "dr-lt-data". Authors whose name cannot make
 * a valid, unreserved id go to the unclaimed placeholder.
 */
export function authorPublisherId(author: string | null | undefined): string {
  const slug = (author ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug && !publisherIdProblem(slug) ? slug : UNCLAIMED_PUBLISHER_ID;
}

/**
 * Makes sure a publisher exists for every author of a batch and returns author → publisher id.
 * Imported publishers have no members: nobody manages them until a node is claimed. An id that
 * already belongs to a real publisher (one with members) is never borrowed: those authors' packs
 * go to the unclaimed placeholder instead, so an import cannot hand packs to a stranger.
 */
export async function ensureAuthorPublishers(db: Db, authors: string[], now: Date): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const author of new Set(authors)) wanted.set(author, authorPublisherId(author));
  const ids = [...new Set(wanted.values())].filter((id) => id !== UNCLAIMED_PUBLISHER_ID);
  if (ids.length === 0) return wanted;

  const owned = await db
    .selectDistinct({ publisherId: publisherPermissions.publisherId })
    .from(publisherPermissions)
    .where(inArray(publisherPermissions.publisherId, ids));
  const taken = new Set(owned.map((row) => row.publisherId));
  const names = new Map<string, string>();
  for (const [author, id] of wanted) {
    if (taken.has(id)) wanted.set(author, UNCLAIMED_PUBLISHER_ID);
    else if (id !== UNCLAIMED_PUBLISHER_ID && !names.has(id)) names.set(id, author);
  }
  if (names.size > 0) {
    await db
      .insert(publishers)
      .values([...names].map(([id, name]) => ({ id, name, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();
  }
  return wanted;
}
