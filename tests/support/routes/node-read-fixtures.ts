import { eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client.ts';
import type { ComfyNodeRow, NodeRow, NodeVersionRow, PublisherRow } from '../../../src/server/db/rows.ts';
import { comfyNodes, nodes, type nodeVersions } from '../../../src/server/db/schema/index.ts';
import { insertNode, insertPublisher, insertVersion } from '../factories.ts';

// Arranging helpers for the read-route tests (rows written straight to the database).

type VersionSpec = Partial<typeof nodeVersions.$inferInsert> & { version: string; withArchive?: boolean };

export interface SeededNode {
  node: NodeRow;
  publisher: PublisherRow;
  versions: NodeVersionRow[];
}

/** A node (with a fresh publisher unless one is given) and its versions, Active by default. */
export async function seedNode(
  db: Db,
  options: Partial<typeof nodes.$inferInsert> & { publisher?: PublisherRow; versions?: VersionSpec[] } = {},
): Promise<SeededNode> {
  const { publisher: given, versions = [], ...values } = options;
  const publisher = given ?? (await insertPublisher(db));
  const node = await insertNode(db, { ...values, publisherId: publisher.id });
  const rows: NodeVersionRow[] = [];
  for (const spec of versions) rows.push(await insertVersion(db, { ...spec, nodeId: node.id }));
  // A new latest version bumps updated_at (the change feed); a test that pinned it wants its own value.
  if (values.updatedAt && rows.length > 0) {
    const [pinned] = await db
      .update(nodes)
      .set({ updatedAt: values.updatedAt })
      .where(eq(nodes.id, node.id))
      .returning();
    return { node: pinned!, publisher, versions: rows };
  }
  return { node, publisher, versions: rows };
}

export async function insertComfyNode(
  db: Db,
  nodeVersionId: string,
  name: string,
  values: Partial<typeof comfyNodes.$inferInsert> = {},
): Promise<ComfyNodeRow> {
  const [row] = await db
    .insert(comfyNodes)
    .values({ nodeVersionId, name, ...values })
    .returning();
  return row!;
}
