import { asc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comfyNodes, nodes, publishers } from '../../db/schema/index.ts';
import type { SearchDocument } from '../../search/port.ts';

// Rows → SearchDocument: the only place that knows both the schema and the engine's document shape.

const documentColumns = {
  id: nodes.id,
  name: nodes.name,
  description: nodes.description,
  author: nodes.author,
  publisherId: nodes.publisherId,
  publisherName: publishers.name,
  tags: nodes.tags,
  catalogClassNames: nodes.catalogComfyNodeNames,
  supportedOs: nodes.supportedOs,
  supportedAccelerators: nodes.supportedAccelerators,
  totalInstall: nodes.totalInstall,
  githubStars: nodes.githubStars,
  searchRanking: nodes.searchRanking,
  createdAt: nodes.createdAt,
  updatedAt: nodes.updatedAt,
  status: nodes.status,
  withheld: nodes.withheld,
  repository: nodes.repository,
};

export interface DocumentRow {
  id: string;
  name: string;
  description: string;
  author: string | null;
  publisherId: string;
  /** Null only if the publisher row is missing (the foreign key makes that impossible in practice). */
  publisherName: string | null;
  tags: string[];
  catalogClassNames: string[];
  supportedOs: string[];
  supportedAccelerators: string[];
  totalInstall: number;
  githubStars: number;
  searchRanking: number;
  createdAt: Date;
  updatedAt: Date;
  status: SearchDocument['status'];
  withheld: boolean;
  repository: string | null;
}

/**
 * One node as the engine sees it. Class names come from the latest (highest Active) version when it
 * has extracted classes; otherwise from the imported catalogue, so corpus packs stay findable by class.
 */
export function toSearchDocument(row: DocumentRow, versionClassNames: readonly string[] | undefined): SearchDocument {
  const classNames = versionClassNames && versionClassNames.length > 0 ? versionClassNames : row.catalogClassNames;
  const doc: SearchDocument = {
    id: row.id,
    name: row.name,
    description: row.description,
    author: row.author ?? '',
    publisherId: row.publisherId,
    publisherName: row.publisherName ?? '',
    tags: row.tags,
    classNames: [...new Set(classNames)],
    supportedOs: row.supportedOs,
    supportedAccelerators: row.supportedAccelerators,
    downloads: row.totalInstall,
    stars: row.githubStars,
    searchRanking: row.searchRanking,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    status: row.status,
  };
  if (row.withheld) doc.withheld = true;
  if (row.repository) doc.repositoryUrl = row.repository;
  return doc;
}

/**
 * The documents of the nodes matching `where` (a condition on `nodes` only), deleted ones included so
 * that the caller can remove them. Two queries however many nodes: rows with their publisher, and the
 * class names of their latest versions.
 */
export async function loadDocuments(db: Db, where: SQL | undefined): Promise<SearchDocument[]> {
  const [rows, classes] = await Promise.all([
    db
      .select(documentColumns)
      .from(nodes)
      .leftJoin(publishers, eq(publishers.id, nodes.publisherId))
      .where(where)
      .orderBy(asc(nodes.id)),
    db
      .select({ nodeId: nodes.id, name: comfyNodes.name })
      .from(comfyNodes)
      .innerJoin(nodes, eq(nodes.latestVersionId, comfyNodes.nodeVersionId))
      .where(where)
      .orderBy(asc(comfyNodes.name)),
  ]);
  const classNames = new Map<string, string[]>();
  for (const { nodeId, name } of classes) {
    const list = classNames.get(nodeId);
    if (list) list.push(name);
    else classNames.set(nodeId, [name]);
  }
  return rows.map((row) => toSearchDocument(row, classNames.get(row.id)));
}

/** Every node search may show (active and banned): the start-up load. */
export function loadAllDocuments(db: Db): Promise<SearchDocument[]> {
  return loadDocuments(db, ne(nodes.status, 'NodeStatusDeleted'));
}
