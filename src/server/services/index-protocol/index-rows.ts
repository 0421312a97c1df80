import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AppConfig } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { archives, comfyNodes, nodes, nodeVersions, publishers, versionProvenance } from '../../db/schema/index.ts';
import {
  comparePacks,
  compareVersions,
  byCodeUnits,
  type IndexPack,
  type IndexVersion,
} from '../../index-protocol/format.ts';
import { packVersionAdvisories } from '../advisories/index-advisories.ts';
import { visibleNodeStatus } from '../nodes/node-filters.ts';
import { omitNullish } from '../serialize/omit-empty.ts';
import { archiveDownloadUrl } from '../serialize/node-version.ts';
import { provenanceColumns, toBrief } from '../trusted-publishing/provenance-summaries.ts';

// The rows of the signed index, read from the database and shaped as the protocol's documents
// (index-protocol/format.ts). "Public" is what GET /nodes lists: Active packs that are not withheld.
// A version is in the index when it is Active and its archive was accepted with a sha256 and size,
// so every download_url can be checked. Rows are sorted here, in code-unit order, never by the
// database's collation (which may differ between instances).

const nonEmpty = (value: string | null | undefined) => (value ? value : undefined);
const nonEmptyList = (value: string[]) => (value.length > 0 ? value : undefined);

/** The version's provenance as the API's NodeVersion has it, empty fields left out (the format's rule). */
function briefOf(columns: Parameters<typeof toBrief>[0]): IndexVersion['provenance'] {
  const brief = toBrief(columns);
  return brief ? omitNullish(brief) : undefined;
}

export interface IndexRows {
  packs: IndexPack[];
  versions: IndexVersion[];
}

/** Installable versions of public packs (optionally only of `nodeIds`), with their archive facts. */
async function loadVersions(db: Db, config: AppConfig, where: SQL | undefined) {
  const rows = await db
    .select({ version: nodeVersions, sha256: archives.sha256, size: archives.size, ...provenanceColumns })
    .from(nodeVersions)
    .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
    .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .leftJoin(versionProvenance, eq(versionProvenance.nodeVersionId, nodeVersions.id))
    .where(
      and(
        visibleNodeStatus(false),
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
        // A quarantined version's download is refused (403 quarantined): it has no place in the index.
        isNull(nodeVersions.quarantinedAt),
        isNotNull(archives.uploadedAt),
        isNotNull(archives.sha256),
        isNotNull(archives.size),
        where,
      ),
    );
  const advisoriesOf = await packVersionAdvisories(db);
  return rows.map(({ version: v, sha256, size, ...provenance }) => ({
    id: v.id,
    entry: {
      pack: v.nodeId,
      version: v.version,
      sha256: sha256!,
      size: Number(size),
      download_url: archiveDownloadUrl(config, v.nodeId, v.version),
      dependencies: nonEmptyList(v.dependencies),
      supported_os: nonEmptyList(v.supportedOs),
      supported_accelerators: nonEmptyList(v.supportedAccelerators),
      supported_comfyui_version: nonEmpty(v.supportedComfyuiVersion),
      supported_comfyui_frontend_version: nonEmpty(v.supportedComfyuiFrontendVersion),
      deprecated: v.deprecated ? (true as const) : undefined,
      deprecation_message: v.deprecated ? nonEmpty(v.deprecationMessage) : undefined,
      yanked: v.yankedAt ? (true as const) : undefined,
      yanked_reason: v.yankedAt ? nonEmpty(v.yankedReason) : undefined,
      advisories: nonEmptyList(advisoriesOf(v.nodeId, v.version)),
      provenance: briefOf(provenance),
      created_at: v.createdAt.toISOString(),
    } satisfies IndexVersion,
  }));
}

/** Class names of the latest versions of the packs `where` selects, grouped by version and sorted. */
async function loadClassNames(db: Db, where: SQL | undefined): Promise<Map<string, string[]>> {
  const byVersion = new Map<string, string[]>();
  const latest = db
    .select({ id: nodes.latestVersionId })
    .from(nodes)
    .where(and(visibleNodeStatus(false), isNotNull(nodes.latestVersionId), where));
  const rows = await db
    .select({ versionId: comfyNodes.nodeVersionId, name: comfyNodes.name })
    .from(comfyNodes)
    .where(inArray(comfyNodes.nodeVersionId, latest));
  for (const row of rows) {
    const names = byVersion.get(row.versionId) ?? [];
    names.push(row.name);
    byVersion.set(row.versionId, names);
  }
  for (const names of byVersion.values()) names.sort(byCodeUnits);
  return byVersion;
}

/**
 * The public packs and their installable versions: all of them (the snapshot), or those among
 * `nodeIds` (a delta). Packs without any installable version are in too (imported ones install from
 * their repository); their node classes then come from the imported catalogue.
 */
export async function loadIndexRows(db: Db, config: AppConfig, nodeIds?: string[]): Promise<IndexRows> {
  if (nodeIds && nodeIds.length === 0) return { packs: [], versions: [] };
  const only = nodeIds ? inArray(nodes.id, nodeIds) : undefined;
  const [packRows, versionRows, classes] = await Promise.all([
    db
      .select({
        // Only what the documents show: whole rows (translations and all) cost PGlite seconds at corpus size.
        node: {
          id: nodes.id,
          publisherId: nodes.publisherId,
          name: nodes.name,
          description: nodes.description,
          author: nodes.author,
          category: nodes.category,
          license: nodes.license,
          icon: nodes.icon,
          repository: nodes.repository,
          tags: nodes.tags,
          supportedOs: nodes.supportedOs,
          supportedAccelerators: nodes.supportedAccelerators,
          supportedComfyuiVersion: nodes.supportedComfyuiVersion,
          supportedComfyuiFrontendVersion: nodes.supportedComfyuiFrontendVersion,
          catalogComfyNodeNames: nodes.catalogComfyNodeNames,
          latestVersionId: nodes.latestVersionId,
          createdAt: nodes.createdAt,
        },
        publisherName: publishers.name,
      })
      .from(nodes)
      .innerJoin(publishers, eq(publishers.id, nodes.publisherId))
      .where(and(visibleNodeStatus(false), only)),
    loadVersions(db, config, nodeIds ? inArray(nodeVersions.nodeId, nodeIds) : undefined),
    loadClassNames(db, only),
  ]);
  const installable = new Map(versionRows.map((row) => [row.id, row.entry]));

  const packs = packRows.map(({ node, publisherName }): IndexPack => {
    const latest = node.latestVersionId ? installable.get(node.latestVersionId) : undefined;
    const latestClasses = latest && node.latestVersionId ? classes.get(node.latestVersionId) : undefined;
    const nodeClasses = latestClasses ?? [...node.catalogComfyNodeNames].sort(byCodeUnits);
    return {
      id: node.id,
      name: node.name,
      publisher: { id: node.publisherId, name: publisherName },
      description: nonEmpty(node.description),
      author: nonEmpty(node.author),
      category: nonEmpty(node.category),
      license: nonEmpty(node.license),
      icon: nonEmpty(node.icon),
      repository: nonEmpty(node.repository),
      tags: nonEmptyList(node.tags),
      supported_os: nonEmptyList(node.supportedOs),
      supported_accelerators: nonEmptyList(node.supportedAccelerators),
      supported_comfyui_version: nonEmpty(node.supportedComfyuiVersion),
      supported_comfyui_frontend_version: nonEmpty(node.supportedComfyuiFrontendVersion),
      latest_version: latest?.version,
      deprecated: latest?.deprecated,
      deprecation_message: latest?.deprecation_message,
      node_classes: nonEmptyList(nodeClasses),
      created_at: node.createdAt.toISOString(),
    };
  });
  return {
    packs: packs.sort(comparePacks),
    versions: versionRows.map((row) => row.entry).sort(compareVersions),
  };
}
