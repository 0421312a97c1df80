import { listVersionComfyNodes } from '../../services/comfy-nodes/list-version-comfy-nodes.ts';
import { listPackCollisions, type PackCollision } from '../../services/moderation/pack-collisions.ts';
export type { PackCollision } from '../../services/moderation/pack-collisions.ts';
import type { VersionWarnings } from '../../services/moderation/version-warnings.ts';
export type { VersionWarnings } from '../../services/moderation/version-warnings.ts';
import { findNodePageHead, type NodePageHead } from '../../services/nodes/node-page-head.ts';
import { loadNodePageParts, PAGE_CLASS_LIMIT } from '../../services/nodes/node-page-parts.ts';
import { toApiNode, type ApiNode } from '../../services/serialize/node.ts';
import { toApiNodeVersion, type ApiNodeVersion } from '../../services/serialize/node-version.ts';
import { DEFAULT_LISTED_STATUSES } from '../../services/versions/list-node-versions.ts';
import { normalizeVersion } from '../../services/versions/semver.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { ComfyNodeRow, NodeVersionRow } from '../../db/rows.ts';
import { classView, type ClassView } from './class-signature.ts';
import { fillDays, type DailyCount } from './downloads-chart.ts';
import { loadNodeSecurity, toNodeSecurity, type NodeSecurity } from './load-node-security.ts';
import { loadReadmeHtml } from './readme/load-readme.ts';
import { findProvenanceSummary, type ProvenanceSummary } from '../../services/trusted-publishing/load-provenance.ts';

/** More classes than this are summarised as "and N more" (a page, not a catalogue). */
export const MAX_CLASSES_SHOWN = PAGE_CLASS_LIMIT;

/** How many days the downloads chart covers. */
export const CHART_DAYS = 90;

export interface VersionEntry {
  version: ApiNodeVersion;
  /** Active with an accepted archive, and the node is not banned: the download link works. */
  downloadable: boolean;
  isLatest: boolean;
  /** Reports quarantined it (services/quarantine/): not installable until an admin decides. */
  quarantined: boolean;
}

export interface NodePageData {
  node: ApiNode;
  /** Nobody manages the publisher: install from the repository, and it may be claimed. */
  unclaimed: boolean;
  /**
   * Unclaimed and not banned: the page links to the claim flow. That page says whether this registry
   * can verify the owner (a GitHub repository, a GitHub OAuth app) and what to do when it cannot, so
   * the link shows even where the claim itself cannot succeed yet.
   */
  claimLink: boolean;
  banned: boolean;
  /**
   * Not banned, but versions exist and none is Active because of a flag or ban (`nodes.withheld`):
   * the page shows a notice instead of any install path.
   */
  withheld: boolean;
  /**
   * A version reports quarantined (services/quarantine/), waiting for an admin: the page says so above
   * everything else. Null when none is.
   */
  quarantine: { version: string; since: Date } | null;
  /** Where the selected version was built, when trusted publishing published it (issue 28.6). */
  provenance: ProvenanceSummary | null;
  /** The latest version is deprecated. */
  deprecated: boolean;
  /** The publisher's note on the deprecated latest version ('' when none or not deprecated). */
  deprecationMessage: string;
  latest: VersionEntry | null;
  /**
   * What the install block offers: the latest version, or when it is deprecated the newest
   * downloadable version that is not (null: none is).
   */
  recommended: VersionEntry | null;
  /** Newest first: Active, Pending and Flagged (deleted and banned versions are not public). */
  versions: VersionEntry[];
  /** The version whose classes, changelog and compatibility are shown (?version=, else the latest). */
  selected: VersionEntry | null;
  /** ?version= named a version that is not listed; the latest is shown instead. */
  requestedVersionMissing: boolean;
  classes: { items: ClassView[]; total: number } | { names: string[] } | null;
  compatibility: { os: string[]; accelerators: string[]; comfyui: string | null; frontend: string | null };
  dependencies: string[];
  /** Installs per UTC day over the chart's window ending today, zeros included. */
  downloads: DailyCount[];
  /** Other packs defining the same node classes as the selected version, by pack. */
  collisions: PackCollision[];
  /** The advisories about the pack and about the selected version's Python dependencies. */
  security: NodeSecurity;
  /** Sanitised HTML of the latest version's README, or null. */
  readmeHtml: string | null;
  /** The automated scan's warnings (medium and low findings) of listed Active versions, by version id. */
  warnings: Map<string, VersionWarnings>;
}

export type NodePageResult =
  | { kind: 'found'; data: NodePageData }
  | { kind: 'not-found' }
  /** The id was found in another letter case: send the reader to the canonical URL. */
  | { kind: 'moved'; nodeId: string };

function pickSelected(versions: VersionEntry[], latest: VersionEntry | null, requested: string | null) {
  if (requested) {
    const match = versions.find((entry) => entry.version.version === requested);
    if (match) return { selected: match, missing: false };
  }
  return { selected: latest ?? versions[0] ?? null, missing: requested !== null };
}

async function loadClasses(services: AppDeps, versionId: string | null, catalog: string[]) {
  const page = versionId
    ? await listVersionComfyNodes(services.db, versionId, { page: 1, limit: MAX_CLASSES_SHOWN })
    : { rows: [], total: 0 };
  return classesOf(page, catalog, versionId !== null);
}

/** A version's classes, or (none recorded, or no version) the class names of the catalogue. */
function classesOf(page: { rows: ComfyNodeRow[]; total: number }, catalog: string[], ofVersion: boolean) {
  if (ofVersion && page.total > 0) return { items: page.rows.map(classView), total: page.total };
  // Imported packs without versions here still have the class names of the catalogue.
  return catalog.length > 0 ? { names: [...catalog].sort() } : null;
}

/** What the page shows of the version it shows: its classes, provenance, collisions and advisories. */
async function loadShownVersion(services: AppDeps, head: NodePageHead, shown: NodeVersionRow | undefined) {
  const { db } = services;
  const row = head.bundle.node;
  const banned = row.status === 'NodeStatusBanned';
  const isLatest = shown !== undefined && shown.id === row.latestVersionId;
  const [classes, provenance, collisions, security] = await Promise.all([
    loadClasses(services, shown?.id ?? null, row.catalogComfyNodeNames),
    // The latest version's provenance came with the node.
    !shown || banned ? null : isLatest ? head.latestProvenanceSummary : findProvenanceSummary(db, shown.id),
    shown ? listPackCollisions(db, shown.id) : [],
    // The shown version's row carries its declared dependencies: the security loader need not read them.
    loadNodeSecurity(
      db,
      row,
      shown ? { id: shown.id, version: shown.version, dependencies: shown.dependencies } : null,
    ),
  ]);
  return { classes, provenance, collisions, security };
}

/** The version ?version= names, normalised (null when it names none). */
function requestedVersion(requested: string | null): string | null {
  if (!requested || requested.trim() === '') return null;
  return normalizeVersion(requested) ?? requested.trim();
}

/**
 * Everything the node page shows, usually in two queries (the page calls nothing else): the node with its
 * latest version, publisher, README and provenance in one (services/nodes/node-page-head.ts); then its
 * versions, downloads, scan warnings, and the classes, collisions and advisories of the version it shows
 * in another (services/nodes/node-page-parts.ts), beside the README when it is not stored yet. When the
 * page shows another version than the latest (?version=, or a pack whose only versions are pending),
 * what that version needs is read after the version list. Unknown and deleted nodes are not found; a
 * banned node is found (the page explains the ban) but nothing of it is downloadable.
 */
export async function loadNodePage(
  services: AppDeps,
  input: { nodeId: string; version: string | null },
): Promise<NodePageResult> {
  const { db, config } = services;
  if (input.nodeId.length === 0 || input.nodeId.length > 200) return { kind: 'not-found' };
  const head = await findNodePageHead(db, input.nodeId);
  const row = head?.bundle.node;
  if (!head || !row || row.status === 'NodeStatusDeleted') return { kind: 'not-found' };
  if (row.id !== input.nodeId) return { kind: 'moved', nodeId: row.id };

  const banned = row.status === 'NodeStatusBanned';
  // The latest version as the public sees it (a deleted or banned one is not listed).
  const latestRow = head.bundle.latest?.version;
  const latestListed = latestRow && DEFAULT_LISTED_STATUSES.includes(latestRow.status) ? latestRow : undefined;
  // Usually the page shows the latest version, known already: what it shows of it is read with the
  // version list instead of after it.
  const requested = requestedVersion(input.version);
  const latestShown =
    latestListed && (requested ?? latestListed.version) === latestListed.version ? latestListed : undefined;
  const now = services.clock.now();
  const [parts, readmeHtml] = await Promise.all([
    loadNodePageParts(db, {
      nodeId: row.id,
      sinceDay: fillDays([], now, CHART_DAYS)[0]!.day,
      shown: latestShown ? { id: latestShown.id, dependencies: latestShown.dependencies } : null,
    }),
    // A banned pack's README may be the very thing it was banned for: it is not shown.
    latestListed && !banned ? loadReadmeHtml(services, latestListed, row.repository, head.latestReadme) : null,
  ]);
  const listed = parts.versions;
  const downloads = fillDays(parts.downloads, now, CHART_DAYS);
  // A banned pack's page explains the ban; nothing of its versions is offered, warnings included.
  const warnings = banned ? new Map<string, VersionWarnings>() : parts.warnings;
  const versions: VersionEntry[] = listed.map(({ version, hasArchive, sha256 }) => ({
    version: toApiNodeVersion(version, { config, hasArchive, sha256, includeStatusReason: false }),
    downloadable: !banned && hasArchive && version.status === 'NodeVersionStatusActive' && !version.quarantinedAt,
    isLatest: version.id === row.latestVersionId,
    quarantined: version.quarantinedAt !== null,
  }));
  const latest = versions.find((entry) => entry.isLatest) ?? null;
  // Newest semver first, so the first downloadable, non-deprecated one is the one to offer.
  const recommended =
    latest && latest.version.deprecated
      ? (versions.find((entry) => entry.downloadable && entry.version.deprecated !== true) ?? null)
      : latest;
  const { selected, missing } = pickSelected(versions, latest, requested);
  const selectedRow = listed.find((entry) => entry.version.id === selected?.version.id)?.version;
  const quarantined = listed
    .map((entry) => entry.version)
    .filter((version) => version.quarantinedAt && version.status === 'NodeVersionStatusActive')
    .sort((a, b) => b.quarantinedAt!.getTime() - a.quarantinedAt!.getTime())[0];

  // What the parts read is of the version guessed before the list (the latest, or none); another one
  // selected (a requested older version, a pack whose versions are all pending) is read now.
  const { classes, provenance, collisions, security } =
    selectedRow?.id === latestShown?.id
      ? {
          classes: classesOf(parts.classes, row.catalogComfyNodeNames, latestShown !== undefined),
          provenance: latestShown && !banned ? head.latestProvenanceSummary : null,
          collisions: parts.collisions,
          security: toNodeSecurity(row, latestShown ?? null, parts.advisories),
        }
      : await loadShownVersion(services, head, selectedRow);

  const pick = (fromVersion: string[] | undefined, fromNode: string[]) =>
    fromVersion && fromVersion.length > 0 ? fromVersion : fromNode;
  return {
    kind: 'found',
    data: {
      node: toApiNode(head.bundle, config, { includeStatusReason: false }),
      unclaimed: head.unclaimed,
      claimLink: head.unclaimed && !banned,
      banned,
      withheld: !banned && row.withheld,
      quarantine: quarantined && !banned ? { version: quarantined.version, since: quarantined.quarantinedAt! } : null,
      provenance,
      deprecated: latest?.version.deprecated === true,
      deprecationMessage: latest?.version.deprecated === true ? (latestListed?.deprecationMessage ?? '') : '',
      latest,
      recommended,
      versions,
      selected,
      requestedVersionMissing: missing,
      classes,
      compatibility: {
        os: pick(selectedRow?.supportedOs, row.supportedOs),
        accelerators: pick(selectedRow?.supportedAccelerators, row.supportedAccelerators),
        comfyui: selectedRow?.supportedComfyuiVersion ?? row.supportedComfyuiVersion ?? null,
        frontend: selectedRow?.supportedComfyuiFrontendVersion ?? row.supportedComfyuiFrontendVersion ?? null,
      },
      dependencies: selectedRow?.dependencies ?? [],
      downloads,
      collisions,
      security,
      readmeHtml,
      warnings,
    },
  };
}

// The node page's components tell the unclaimed placeholder publisher apart (pages import server code only from src/server/page-loaders/).
export { UNCLAIMED_PUBLISHER_ID } from '../../services/publishers/unclaimed.ts';
