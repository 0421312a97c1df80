import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  archives,
  comfyNodes,
  nodeDownloadsDaily,
  nodes,
  nodeVersions,
  publisherPermissions,
  publishers,
  users,
} from '../db/schema/index.ts';
import { ARCHIVE_CONTENT_TYPE, archiveKey } from '../services/archives/archive-key.ts';
import { refreshLatestVersion } from '../services/versions/latest.ts';
import type { AppDeps } from '../app-deps.ts';
import { buildDemoArchive, type BuiltArchive } from './demo-archive.ts';
import { seedDemoCi } from '../services/ci/demo-ci.ts';
import { seedDemoReleases } from '../services/releases/demo-releases.ts';
import { DEMO_OWNER, DEMO_PUBLISHER, planDemoData, type PlannedNode, type PlannedVersion } from './demo-plan.ts';

export interface SeedResult {
  seeded: boolean;
  /** Why nothing was written, when nothing was. */
  reason?: string;
  nodes: number;
  versions: number;
  milliseconds: number;
}

type SeedServices = Pick<AppDeps, 'db' | 'storage' | 'clock'>;

interface VersionWork {
  node: PlannedNode;
  version: PlannedVersion;
  key: string;
  archive: BuiltArchive;
}

function comfyNodeRows(nodeVersionId: string, classes: string[]) {
  return classes.map((name) => ({
    nodeVersionId,
    name,
    displayName: `${name.replace(/^Demo/, '').replace(/([a-z])([A-Z])/g, '$1 $2')} (demo)`,
    category: 'nodeyard-demo',
    description: 'Sample node: passes the image through unchanged.',
    inputTypes: JSON.stringify({ required: { image: ['IMAGE'] } }),
    returnNames: JSON.stringify(['IMAGE']),
    returnTypes: JSON.stringify(['IMAGE']),
    outputIsList: [false],
    function: 'run',
  }));
}

async function writeRows(tx: Db, plan: PlannedNode[], work: VersionWork[], now: Date): Promise<boolean> {
  const [publisher] = await tx
    .insert(publishers)
    .values({ ...DEMO_PUBLISHER, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: publishers.id });
  // Another instance seeded at the same moment: its rows win, ours are not needed.
  if (!publisher) return false;
  await tx
    .insert(users)
    .values({ ...DEMO_OWNER, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  await tx
    .insert(publisherPermissions)
    .values({ publisherId: DEMO_PUBLISHER.id, userId: DEMO_OWNER.id, role: 'owner' });

  await tx.insert(nodes).values(
    plan.map((node) => ({
      id: node.id,
      normalizedId: node.id.toLowerCase(),
      publisherId: DEMO_PUBLISHER.id,
      name: node.name,
      description: node.pack.description,
      author: 'Nodeyard demo data',
      license: node.pack.weight % 3 === 0 ? 'Apache-2.0' : '{"text": "MIT"}',
      repository: `https://example.com/nodeyard-demo/${node.id}`,
      tags: node.pack.tags,
      supportedOs: node.pack.supportedOs ?? [],
      supportedAccelerators: node.pack.supportedAccelerators ?? [],
      githubStars: node.githubStars,
      totalInstall: node.totalInstall,
      createdAt: node.createdAt,
      updatedAt: node.updatedAt,
    })),
  );
  const archiveRows = await tx
    .insert(archives)
    .values(
      work.map(({ key, archive, version }) => ({
        key,
        contentType: ARCHIVE_CONTENT_TYPE,
        size: archive.bytes.length,
        sha256: archive.sha256,
        uploadedAt: version.createdAt,
        createdAt: version.createdAt,
        updatedAt: version.createdAt,
      })),
    )
    .returning({ id: archives.id, key: archives.key });
  const archiveIdByKey = new Map(archiveRows.map((row) => [row.key, row.id]));
  const versionRows = await tx
    .insert(nodeVersions)
    .values(
      work.map(({ node, version, key }) => ({
        nodeId: node.id,
        version: version.version,
        changelog: version.changelog,
        deprecated: version.deprecated,
        status: version.status,
        tags: node.pack.tags,
        supportedOs: node.pack.supportedOs ?? [],
        supportedAccelerators: node.pack.supportedAccelerators ?? [],
        dependencies: node.pack.dependencies ?? [],
        supportedComfyuiVersion: '>=0.3.0',
        comfyNodeExtractStatus: 'success',
        archiveId: archiveIdByKey.get(key)!,
        createdAt: version.createdAt,
        updatedAt: version.createdAt,
      })),
    )
    .returning({ id: nodeVersions.id });
  await tx
    .insert(comfyNodes)
    .values(work.flatMap((item, i) => comfyNodeRows(versionRows[i]!.id, item.node.pack.classes)));
  await tx
    .insert(nodeDownloadsDaily)
    .values(plan.flatMap((node) => node.downloads.map((d) => ({ nodeId: node.id, ...d }))));
  for (const node of plan) await refreshLatestVersion(tx, node.id);
  return true;
}

/**
 * Creates the demo publisher, its packs, versions with real installable zips, node classes and 90
 * days of downloads. Idempotent: does nothing once the demo publisher exists. Archives are stored
 * before the transaction (storage is not transactional); a failed run leaves only files that the
 * next run overwrites with identical bytes.
 */
export async function seedDemoData(services: SeedServices): Promise<SeedResult> {
  const started = performance.now();
  const { db, storage, clock } = services;
  const skipped = (reason: string): SeedResult => ({
    seeded: false,
    reason,
    nodes: 0,
    versions: 0,
    milliseconds: performance.now() - started,
  });
  const [existing] = await db
    .select({ id: publishers.id })
    .from(publishers)
    .where(eq(publishers.id, DEMO_PUBLISHER.id));
  if (existing) return skipped('the demo publisher already exists');

  const plan = planDemoData(clock.now());
  const work: VersionWork[] = plan.flatMap((node) =>
    node.versions.map((version) => ({
      node,
      version,
      key: archiveKey(DEMO_PUBLISHER.id, node.id, version.version),
      archive: buildDemoArchive({
        nodeId: node.id,
        displayName: node.name,
        description: node.pack.description,
        version: version.version,
        publisherId: DEMO_PUBLISHER.id,
        classes: node.pack.classes,
      }),
    })),
  );
  await Promise.all(work.map(({ key, archive }) => storage.put(key, archive.bytes, ARCHIVE_CONTENT_TYPE)));
  const wrote = await db.transaction((tx) => writeRows(tx, plan, work, clock.now()));
  if (!wrote) return skipped('another process seeded the demo data first');
  // A few Comfy CI runs and release notes, so /ci and /releases have something to show.
  await seedDemoCi(db, clock.now());
  await seedDemoReleases(db, clock.now());
  return { seeded: true, nodes: plan.length, versions: work.length, milliseconds: performance.now() - started };
}

/** Seeds only a registry without any node (a real registry is never touched). */
export async function seedDemoDataIfEmpty(services: SeedServices): Promise<SeedResult> {
  const [anyNode] = await services.db.select({ id: nodes.id }).from(nodes).limit(1);
  if (anyNode)
    return { seeded: false, reason: 'the registry already has nodes', nodes: 0, versions: 0, milliseconds: 0 };
  return seedDemoData(services);
}
