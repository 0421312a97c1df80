import { and, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodeIdKeySql, nodes, publisherPermissions } from '../../db/schema/index.ts';
import { nodeIdKey } from '../publish/node-id.ts';
import { UNCLAIMED_PUBLISHER_ID } from '../publishers/unclaimed.ts';
import { ensureAuthorPublishers } from './author-publishers.ts';
import type { CorpusNode } from './corpus-schema.ts';

type NodeInsert = typeof nodes.$inferInsert;

/** The node columns a corpus record owns. Everything else (status, ranking, installs) is ours. */
function corpusValues(record: CorpusNode) {
  return {
    name: record.name || record.id,
    description: record.description,
    author: record.author || null,
    repository: record.repository || null,
    tags: record.tags,
    githubStars: record.github_stars ?? 0,
    catalogComfyNodeNames: record.comfy_nodes,
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

type CorpusValues = ReturnType<typeof corpusValues>;

function sameValues(a: CorpusValues, b: CorpusValues): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.author === b.author &&
    a.repository === b.repository &&
    a.githubStars === b.githubStars &&
    sameList(a.tags, b.tags) &&
    sameList(a.catalogComfyNodeNames, b.catalogComfyNodeNames)
  );
}

export interface NodeBatchResult {
  created: Set<string>;
  updated: Set<string>;
  /** Owned by a publisher with members (claimed or published): left alone, classes included. */
  skipped: Set<string>;
  /** Corpus record → the stored id (lookups are case-insensitive, so the stored spelling wins). */
  storedIds: Map<CorpusNode, string>;
  /**
   * Created although another pack already held their confusable key (`ComfyUI_Foo` beside
   * `ComfyUI-Foo`): upstream packs that exist under both spellings, kept with
   * legacy_confusable_id set (the key index skips them). Record id → the pack holding the key.
   */
  confusable: Map<string, string>;
}

/** Which stored packs hold these confusable keys (key → id). */
async function keyHolders(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(inArray(nodeIdKeySql(nodes.id), keys), not(nodes.legacyConfusableId)));
  return new Map(rows.map((row) => [nodeIdKey(row.id), row.id]));
}

/**
 * Creates or updates one batch of corpus records as nodes of their authors' (member-less)
 * publishers. Nodes that someone has claimed or published belong to a real publisher now, so the
 * corpus never overwrites them.
 */
export async function upsertCorpusNodes(db: Db, records: CorpusNode[], now: Date): Promise<NodeBatchResult> {
  const result: NodeBatchResult = {
    created: new Set(),
    updated: new Set(),
    skipped: new Set(),
    storedIds: new Map(),
    confusable: new Map(),
  };
  const publisherOf = await ensureAuthorPublishers(
    db,
    records.map((r) => r.author ?? ''),
    now,
  );
  const existing = await db
    .select({
      id: nodes.id,
      normalizedId: nodes.normalizedId,
      publisherId: nodes.publisherId,
      name: nodes.name,
      description: nodes.description,
      author: nodes.author,
      repository: nodes.repository,
      tags: nodes.tags,
      githubStars: nodes.githubStars,
      catalogComfyNodeNames: nodes.catalogComfyNodeNames,
    })
    .from(nodes)
    .where(
      inArray(
        nodes.normalizedId,
        records.map((r) => r.id.toLowerCase()),
      ),
    );
  const byNormalizedId = new Map(existing.map((row) => [row.normalizedId, row]));
  // A node whose publisher has members was claimed or published: it is theirs, not the corpus's.
  const storedPublisherIds = [...new Set(existing.map((row) => row.publisherId))];
  const managed = storedPublisherIds.length
    ? await db
        .selectDistinct({ publisherId: publisherPermissions.publisherId })
        .from(publisherPermissions)
        .where(inArray(publisherPermissions.publisherId, storedPublisherIds))
    : [];
  const managedPublishers = new Set(managed.map((row) => row.publisherId));

  const newRecords = records.filter((r) => !byNormalizedId.has(r.id.toLowerCase()));
  const holders = await keyHolders(db, [...new Set(newRecords.map((r) => nodeIdKey(r.id)))]);

  const inserts: NodeInsert[] = [];
  for (const record of records) {
    const values = corpusValues(record);
    const stored = byNormalizedId.get(record.id.toLowerCase());
    if (!stored) {
      // The first spelling of a key (stored, or earlier in this batch) holds it; later ones are kept aside.
      const key = nodeIdKey(record.id);
      const holder = holders.get(key);
      if (holder) result.confusable.set(record.id, holder);
      else holders.set(key, record.id);
      inserts.push({
        id: record.id,
        normalizedId: record.id.toLowerCase(),
        publisherId: publisherOf.get(record.author ?? '') ?? UNCLAIMED_PUBLISHER_ID,
        legacyConfusableId: holder !== undefined,
        ...values,
      });
      result.created.add(record.id);
      result.storedIds.set(record, record.id);
      continue;
    }
    result.storedIds.set(record, stored.id);
    if (managedPublishers.has(stored.publisherId)) {
      result.skipped.add(stored.id);
      continue;
    }
    if (sameValues(values, stored)) continue;
    await db
      .update(nodes)
      .set({ ...values, updatedAt: now })
      .where(eq(nodes.id, stored.id));
    result.updated.add(stored.id);
  }
  if (inserts.length > 0)
    await db.insert(nodes).values(inserts.map((row) => ({ ...row, createdAt: now, updatedAt: now })));
  return result;
}
