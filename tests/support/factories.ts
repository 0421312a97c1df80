import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import type { NodeRow, NodeVersionRow, PublisherRow, TokenRow, UserRow } from '../../src/server/db/rows.ts';
import {
  archives,
  nodes,
  nodeVersions,
  personalAccessTokens,
  publisherPermissions,
  publishers,
  users,
  versionProvenance,
} from '../../src/server/db/schema/index.ts';
import { generateToken } from '../../src/server/services/tokens/token-format.ts';
import { GITHUB_ACTIONS_ISSUER } from '../../src/server/services/trusted-publishing/issuers.ts';
import { refreshLatestVersion } from '../../src/server/services/versions/latest.ts';

// Rows with sane defaults, written straight to the database: for arranging a test, never for
// the behaviour under test (that goes through the API).

const suffix = () => randomBytes(4).toString('hex');

export async function insertUser(db: Db, values: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: `uid-${suffix()}`, email: `${suffix()}@example.test`, ...values })
    .returning();
  return row!;
}

export async function insertPublisher(
  db: Db,
  values: Partial<typeof publishers.$inferInsert> & { owner?: UserRow; members?: UserRow[] } = {},
): Promise<PublisherRow> {
  const { owner, members = [], ...rest } = values;
  const [row] = await db
    .insert(publishers)
    .values({ id: `pub-${suffix()}`, name: 'Test Publisher', ...rest })
    .returning();
  if (owner) await db.insert(publisherPermissions).values({ publisherId: row!.id, userId: owner.id, role: 'owner' });
  for (const member of members) {
    await db.insert(publisherPermissions).values({ publisherId: row!.id, userId: member.id, role: 'member' });
  }
  return row!;
}

export async function insertNode(
  db: Db,
  values: Partial<typeof nodes.$inferInsert> & { publisherId: string },
): Promise<NodeRow> {
  const id = values.id ?? `node-${suffix()}`;
  const [row] = await db
    .insert(nodes)
    .values({
      name: `Node ${id}`,
      description: `Description of ${id}`,
      repository: `https://github.com/example/${id}`,
      ...values,
      id,
      normalizedId: id.toLowerCase(),
    })
    .returning();
  return row!;
}

/** An uploaded archive's record for a version (no file behind it), under a key unique to the call. */
const archiveRecord = (nodeId: string, version: string) => ({
  key: `test/${nodeId}/${version}/${suffix()}.zip`,
  size: 22,
  sha256: '0'.repeat(64),
  uploadedAt: new Date(),
});

/** A version (Active by default, with an uploaded archive record unless `withArchive: false`). */
export async function insertVersion(
  db: Db,
  values: Partial<typeof nodeVersions.$inferInsert> & { nodeId: string; version: string; withArchive?: boolean },
): Promise<NodeVersionRow> {
  const { withArchive = true, ...rest } = values;
  let archiveId: string | undefined;
  if (withArchive) {
    const [archive] = await db.insert(archives).values(archiveRecord(rest.nodeId, rest.version)).returning();
    archiveId = archive!.id;
  }
  const [row] = await db
    .insert(nodeVersions)
    .values({ status: 'NodeVersionStatusActive', ...rest, ...(archiveId ? { archiveId } : {}) })
    .returning();
  await refreshLatestVersion(db, rest.nodeId);
  return row!;
}

/**
 * Several Active versions of one node, each with an uploaded archive record, in three statements and
 * one refresh of the node's latest version (insertVersion per version costs four statements each).
 * Returned in the order given.
 */
export async function insertVersions(db: Db, nodeId: string, versions: readonly string[]): Promise<NodeVersionRow[]> {
  const stored = await db
    .insert(archives)
    .values(versions.map((version) => archiveRecord(nodeId, version)))
    .returning({ id: archives.id, key: archives.key });
  // RETURNING gives no order guarantee: match each archive to its version by the key it was given.
  const archiveOf = (version: string) => stored.find((row) => row.key.startsWith(`test/${nodeId}/${version}/`))!.id;
  const rows = await db
    .insert(nodeVersions)
    .values(
      versions.map((version) => ({
        nodeId,
        version,
        status: 'NodeVersionStatusActive' as const,
        archiveId: archiveOf(version),
      })),
    )
    .returning();
  await refreshLatestVersion(db, nodeId);
  return versions.map((version) => rows.find((row) => row.version === version)!);
}

/** A personal access token of the publisher, with its plaintext (which the database never holds). */
export async function insertToken(
  db: Db,
  publisher: PublisherRow,
  values: Partial<typeof personalAccessTokens.$inferInsert> = {},
): Promise<{ token: string; row: TokenRow }> {
  const { token, hash, displayPrefix } = generateToken();
  const [row] = await db
    .insert(personalAccessTokens)
    .values({ publisherId: publisher.id, name: 'ci', tokenHash: hash, displayPrefix, ...values })
    .returning();
  return { token, row: row! };
}

/** A version's trusted-publishing record, as a GitHub Actions publish leaves it (record-provenance.ts). */
export async function insertProvenance(
  db: Db,
  values: Omit<typeof versionProvenance.$inferInsert, 'issuer'> & { issuer?: string },
): Promise<void> {
  await db.insert(versionProvenance).values({ issuer: GITHUB_ACTIONS_ISSUER.issuer, ...values });
}
