import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { archives, nodeVersions } from '../../db/schema/index.ts';
import { archiveFacts, withArchive, type VersionWithArchive } from '../nodes/load-bundles.ts';
import { normalizeVersion } from './semver.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findOne(db: Db, where: SQL | undefined): Promise<VersionWithArchive | undefined> {
  const [row] = await db
    .select({ version: nodeVersions, ...archiveFacts })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(where)
    .limit(1);
  return row ? withArchive(row) : undefined;
}

/** A version of a node by its canonical version string (uses the (node_id, version) unique index). */
export function findVersionByNumber(db: Db, nodeId: string, version: string) {
  return findOne(db, and(eq(nodeVersions.nodeId, nodeId), eq(nodeVersions.version, version)));
}

/**
 * A version of a node from a path segment: a version string ("1.2.0", "v1.2", normalized like on
 * publish) or the version's uuid. Any status; callers decide what each status means for them.
 */
export async function findVersionByRef(db: Db, nodeId: string, ref: string): Promise<VersionWithArchive | undefined> {
  const text = ref.trim();
  if (UUID.test(text)) {
    return findOne(db, and(eq(nodeVersions.nodeId, nodeId), eq(nodeVersions.id, text.toLowerCase())));
  }
  const exact = await findVersionByNumber(db, nodeId, text);
  if (exact) return exact;
  const normalized = normalizeVersion(text);
  return normalized && normalized !== text ? findVersionByNumber(db, nodeId, normalized) : undefined;
}
