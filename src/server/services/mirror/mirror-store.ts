import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import {
  archives,
  mirrorArchiveSources,
  mirrorPosition,
  nodes,
  nodeVersions,
  publishers,
  type NodeVersionStatus,
} from '../../db/schema/index.ts';
import type { IndexDelta, IndexPack, IndexSnapshot, IndexVersion, Tombstone } from '../../index-protocol/format.ts';
import { refreshLatestVersion } from '../versions/latest.ts';

// A read-only mirror's copy of the upstream catalogue (docs/index-protocol.md, "Mirrors"): what the
// verified index says, written into the ordinary tables so the read API, the pages and installs work
// unchanged. Packs that leave the upstream's index are not deleted (installs and reports refer to
// them) but set Banned or Deleted with their versions, so nothing of them is served.
// Each document's cursor and its download URLs are written in the transaction of its rows, so a
// restarted mirror resumes with the changes since exactly what it holds (mirror_position).

const BATCH = 500;
const bumped = sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})`;

/** Where a mirrored version's zip is kept: one object per version and content, never overwritten. */
export function mirrorArchiveKey(version: Pick<IndexVersion, 'pack' | 'version' | 'sha256'>): string {
  const slot = createHash('sha256').update(`${version.pack}\n${version.version}`).digest('hex').slice(0, 24);
  return `mirror/${slot}-${version.sha256}.zip`;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

async function upsertPacks(tx: Db, packs: IndexPack[]): Promise<void> {
  const owners = new Map(packs.map((pack) => [pack.publisher.id, pack.publisher.name]));
  for (const batch of chunks([...owners])) {
    await tx
      .insert(publishers)
      .values(batch.map(([id, name]) => ({ id, name })))
      .onConflictDoUpdate({
        target: publishers.id,
        set: { name: sql`excluded.name`, status: 'PublisherStatusActive' },
      });
  }
  for (const batch of chunks(packs)) {
    await tx
      .insert(nodes)
      .values(
        batch.map((pack) => ({
          id: pack.id,
          normalizedId: pack.id.toLowerCase(),
          publisherId: pack.publisher.id,
          name: pack.name,
          description: pack.description ?? '',
          author: pack.author ?? null,
          category: pack.category ?? null,
          license: pack.license ?? null,
          icon: pack.icon ?? null,
          repository: pack.repository ?? null,
          tags: pack.tags ?? [],
          supportedOs: pack.supported_os ?? [],
          supportedAccelerators: pack.supported_accelerators ?? [],
          supportedComfyuiVersion: pack.supported_comfyui_version ?? null,
          supportedComfyuiFrontendVersion: pack.supported_comfyui_frontend_version ?? null,
          // The index carries the classes per pack: kept where imported catalogues keep theirs, which
          // search, the workflow resolver and the node page fall back to.
          catalogComfyNodeNames: pack.node_classes ?? [],
          status: 'NodeStatusActive' as const,
          withheld: false,
          // The upstream already settled which of two confusable ids is whose: the key index skips these.
          legacyConfusableId: true,
          createdAt: new Date(pack.created_at),
        })),
      )
      .onConflictDoUpdate({
        target: nodes.id,
        set: {
          publisherId: sql`excluded.publisher_id`,
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          author: sql`excluded.author`,
          category: sql`excluded.category`,
          license: sql`excluded.license`,
          icon: sql`excluded.icon`,
          repository: sql`excluded.repository`,
          tags: sql`excluded.tags`,
          supportedOs: sql`excluded.supported_os`,
          supportedAccelerators: sql`excluded.supported_accelerators`,
          supportedComfyuiVersion: sql`excluded.supported_comfyui_version`,
          supportedComfyuiFrontendVersion: sql`excluded.supported_comfyui_frontend_version`,
          catalogComfyNodeNames: sql`excluded.catalog_comfy_node_names`,
          status: 'NodeStatusActive',
          withheld: false,
          updatedAt: bumped,
        },
      });
  }
}

async function upsertVersions(tx: Db, versions: IndexVersion[]): Promise<void> {
  for (const batch of chunks(versions)) {
    const stored = await tx
      .insert(archives)
      .values(batch.map((v) => ({ key: mirrorArchiveKey(v), size: v.size, sha256: v.sha256 })))
      .onConflictDoUpdate({ target: archives.key, set: { key: sql`excluded.key` } })
      .returning({ id: archives.id, key: archives.key });
    const archiveOf = new Map(stored.map((row) => [row.key, row.id]));
    await tx
      .insert(nodeVersions)
      .values(
        batch.map((v) => ({
          nodeId: v.pack,
          version: v.version,
          status: 'NodeVersionStatusActive' as const,
          dependencies: v.dependencies ?? [],
          supportedOs: v.supported_os ?? [],
          supportedAccelerators: v.supported_accelerators ?? [],
          supportedComfyuiVersion: v.supported_comfyui_version ?? null,
          supportedComfyuiFrontendVersion: v.supported_comfyui_frontend_version ?? null,
          deprecated: v.deprecated === true,
          deprecationMessage: v.deprecation_message ?? '',
          // The upstream's yank, kept as a flag: the upstream does not say when, so the mirror's own time.
          yankedAt: v.yanked ? sql`now()` : null,
          yankedReason: v.yanked ? (v.yanked_reason ?? '') : '',
          archiveId: archiveOf.get(mirrorArchiveKey(v))!,
          createdAt: new Date(v.created_at),
        })),
      )
      .onConflictDoUpdate({
        target: [nodeVersions.nodeId, nodeVersions.version],
        set: {
          status: 'NodeVersionStatusActive',
          dependencies: sql`excluded.dependencies`,
          supportedOs: sql`excluded.supported_os`,
          supportedAccelerators: sql`excluded.supported_accelerators`,
          supportedComfyuiVersion: sql`excluded.supported_comfyui_version`,
          supportedComfyuiFrontendVersion: sql`excluded.supported_comfyui_frontend_version`,
          deprecated: sql`excluded.deprecated`,
          deprecationMessage: sql`excluded.deprecation_message`,
          // A version yanked before keeps its first time; an unyanked one clears it.
          yankedAt: sql`CASE WHEN excluded.yanked_at IS NULL THEN NULL ELSE coalesce(${nodeVersions.yankedAt}, excluded.yanked_at) END`,
          yankedReason: sql`excluded.yanked_reason`,
          archiveId: sql`excluded.archive_id`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Versions of `packs` that are not among `keep` leave: the index lists every installable one of a listed pack. */
async function retireOtherVersions(tx: Db, packs: string[], keep: IndexVersion[]): Promise<void> {
  const kept = new Set(keep.map((v) => `${v.pack}\n${v.version}`));
  for (const batch of chunks(packs)) {
    const local = await tx
      .select({ id: nodeVersions.id, pack: nodeVersions.nodeId, version: nodeVersions.version })
      .from(nodeVersions)
      .where(and(inArray(nodeVersions.nodeId, batch), eq(nodeVersions.status, 'NodeVersionStatusActive')));
    const gone = local.filter((v) => !kept.has(`${v.pack}\n${v.version}`)).map((v) => v.id);
    if (gone.length > 0) {
      await tx
        .update(nodeVersions)
        .set({ status: 'NodeVersionStatusDeleted', updatedAt: sql`now()` })
        .where(inArray(nodeVersions.id, gone));
    }
  }
}

/** Points each pack at the version the index calls latest (or none), in one statement per batch. */
async function setLatest(tx: Db, packs: IndexPack[]): Promise<void> {
  for (const batch of chunks(packs)) {
    const wanted = JSON.stringify(batch.map((pack) => ({ pack: pack.id, version: pack.latest_version ?? null })));
    await tx.execute(sql`
      UPDATE ${nodes} SET latest_version_id = v.id, updated_at = GREATEST(clock_timestamp(), ${nodes.updatedAt})
      FROM jsonb_to_recordset(${wanted}::jsonb) AS wanted(pack text, version text)
      LEFT JOIN ${nodeVersions} v ON v.node_id = wanted.pack AND v.version = wanted.version
      WHERE ${nodes.id} = wanted.pack AND ${nodes.latestVersionId} IS DISTINCT FROM v.id`);
  }
}

const packStatus = { banned: 'NodeStatusBanned', deleted: 'NodeStatusDeleted', withheld: 'NodeStatusDeleted' } as const;
const versionStatus: Record<string, NodeVersionStatus> = {
  banned: 'NodeVersionStatusBanned',
  deleted: 'NodeVersionStatusDeleted',
  withdrawn: 'NodeVersionStatusDeleted',
};

async function removePack(tx: Db, pack: string, reason: 'banned' | 'deleted' | 'withheld'): Promise<void> {
  await tx
    .update(nodes)
    .set({ status: packStatus[reason], latestVersionId: null, updatedAt: bumped })
    .where(eq(nodes.id, pack));
  await tx
    .update(nodeVersions)
    .set({
      status: reason === 'banned' ? 'NodeVersionStatusBanned' : 'NodeVersionStatusDeleted',
      updatedAt: sql`now()`,
    })
    .where(and(eq(nodeVersions.nodeId, pack), eq(nodeVersions.status, 'NodeVersionStatusActive')));
}

async function applyTombstones(tx: Db, removed: Tombstone[]): Promise<void> {
  for (const tombstone of removed) {
    if (tombstone.type === 'pack') {
      await removePack(tx, tombstone.pack, tombstone.reason);
      continue;
    }
    await tx
      .update(nodeVersions)
      .set({ status: versionStatus[tombstone.reason]!, updatedAt: sql`now()` })
      .where(and(eq(nodeVersions.nodeId, tombstone.pack), eq(nodeVersions.version, tombstone.version)));
    await refreshLatestVersion(tx, tombstone.pack);
  }
}

/** Which upstream a document came from: its cursor is saved against that URL. */
export interface MirrorSource {
  upstream: string;
}

async function recordPosition(tx: Db, source: MirrorSource, cursor: string, versions: IndexVersion[]): Promise<void> {
  for (const batch of chunks(versions)) {
    await tx
      .insert(mirrorArchiveSources)
      .values(batch.map((v) => ({ archiveKey: mirrorArchiveKey(v), url: v.download_url })))
      .onConflictDoUpdate({ target: mirrorArchiveSources.archiveKey, set: { url: sql`excluded.url` } });
  }
  await tx
    .insert(mirrorPosition)
    .values({ upstream: source.upstream, cursor })
    .onConflictDoUpdate({ target: mirrorPosition.upstream, set: { cursor, updatedAt: sql`now()` } });
}

/** The cursor of the last document applied from `upstream`, or null (never synced from it: take the snapshot). */
export async function savedMirrorCursor(db: Db, upstream: string): Promise<string | null> {
  const [row] = await db
    .select({ cursor: mirrorPosition.cursor })
    .from(mirrorPosition)
    .where(eq(mirrorPosition.upstream, upstream));
  return row?.cursor ?? null;
}

/** The mirror becomes exactly the snapshot: every listed pack and version, everything else removed. */
export async function replaceWithSnapshot(
  services: Pick<AppDeps, 'db'>,
  snapshot: IndexSnapshot,
  source?: MirrorSource,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    await upsertPacks(tx, snapshot.packs);
    await upsertVersions(tx, snapshot.versions);
    const listed = snapshot.packs.map((pack) => pack.id);
    await retireOtherVersions(tx, listed, snapshot.versions);
    await setLatest(tx, snapshot.packs);
    // Packs the upstream no longer lists (banned, deleted or withheld while this mirror was away).
    const stale = await tx
      .select({ id: nodes.id })
      .from(nodes)
      .where(and(eq(nodes.status, 'NodeStatusActive'), listed.length ? notInArray(nodes.id, listed) : undefined));
    for (const { id } of stale) await removePack(tx, id, 'deleted');
    if (source) await recordPosition(tx, source, snapshot.cursor, snapshot.versions);
  });
}

/** One page of upstream changes. */
export async function applyIndexDelta(
  services: Pick<AppDeps, 'db'>,
  delta: IndexDelta,
  source?: MirrorSource,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    await upsertPacks(tx, delta.packs);
    await upsertVersions(tx, delta.versions);
    // A pack in a delta comes with all its installable versions.
    const listed = new Set(delta.packs.map((pack) => pack.id));
    await retireOtherVersions(
      tx,
      [...listed],
      delta.versions.filter((v) => listed.has(v.pack)),
    );
    await setLatest(tx, delta.packs);
    const versionOnly = [...new Set(delta.versions.map((v) => v.pack))].filter((pack) => !listed.has(pack));
    for (const pack of versionOnly) await refreshLatestVersion(tx, pack);
    await applyTombstones(tx, delta.removed);
    if (source) await recordPosition(tx, source, delta.cursor, delta.versions);
  });
}

export interface MissingArchive {
  archiveId: string;
  key: string;
  pack: string;
  version: string;
  sha256: string;
  size: number;
  /** Where the upstream serves it (null when no synced document said). */
  url: string | null;
}

/** Installable versions whose zip this mirror does not hold yet. */
export async function missingArchives(db: Db, limit = 1000): Promise<MissingArchive[]> {
  const rows = await db
    .select({
      archiveId: archives.id,
      key: archives.key,
      pack: nodeVersions.nodeId,
      version: nodeVersions.version,
      sha256: archives.sha256,
      size: archives.size,
      url: mirrorArchiveSources.url,
    })
    .from(nodeVersions)
    .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .leftJoin(mirrorArchiveSources, eq(mirrorArchiveSources.archiveKey, archives.key))
    .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
    .where(
      and(
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
        eq(nodes.status, 'NodeStatusActive'),
        isNull(archives.uploadedAt),
      ),
    )
    .limit(limit);
  return rows.map((row) => ({ ...row, sha256: row.sha256 ?? '', size: Number(row.size ?? 0) }));
}

/** Stores a verified zip and makes its version downloadable. */
export async function storeMirroredArchive(
  services: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  archive: MissingArchive,
  bytes: Uint8Array,
): Promise<void> {
  await services.storage.put(archive.key, bytes, 'application/zip');
  const now = services.clock.now();
  await services.db
    .update(archives)
    .set({ uploadedAt: now, updatedAt: now })
    .where(and(eq(archives.id, archive.archiveId), isNull(archives.uploadedAt)));
}
