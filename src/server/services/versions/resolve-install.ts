import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../errors.ts';
import { quarantinedVersionOf, refuseQuarantined } from '../quarantine/refuse-quarantined.ts';
import { loadVersionsWithArchive, withArchive, type VersionWithArchive } from '../nodes/load-bundles.ts';
import { latestPublishedBy } from './aged-latest.ts';
import { findVersionByNumber } from './lookup-version.ts';
import { normalizeVersion } from './semver.ts';

/**
 * The version `/install` hands out: the latest Active, not yanked one (with a minimum release age:
 * the latest such one created at or before `publishedBy`), or the requested one only when it is
 * Active and its archive was uploaded. An exact version ignores yanks and the age: a pin is a pin. A
 * quarantined version is refused either way (403 `quarantined`).
 * Upstream ignored the status of an explicit version (§6.12).
 */
export async function resolveInstallVersion(
  db: Db,
  node: NodeRow,
  requested: string | undefined,
  options: {
    publishedBy?: Date | undefined;
    /** The node's latest version when the caller read it with the node (services/nodes/load-bundles.ts). */
    latest?: VersionWithArchive | undefined;
  } = {},
): Promise<VersionWithArchive> {
  const wanted = requested?.trim();
  const found =
    !wanted || wanted.toLowerCase() === 'latest'
      ? options.publishedBy
        ? await agedLatestOf(db, node, options.publishedBy)
        : await latestOf(db, node, options.latest)
      : await exactOf(db, node, wanted);
  if (!found.hasArchive) {
    throw notFound(`Version ${found.version.version} of node "${node.id}" has no uploaded archive yet.`);
  }
  return found;
}

async function latestOf(db: Db, node: NodeRow, known: VersionWithArchive | undefined): Promise<VersionWithArchive> {
  const latest =
    known && known.version.id === node.latestVersionId
      ? known
      : node.latestVersionId
        ? (await loadVersionsWithArchive(db, [node.latestVersionId])).get(node.latestVersionId)
        : undefined;
  if (!latest || latest.version.status !== 'NodeVersionStatusActive') {
    // Quarantine took the only installable version out of "latest": say so rather than "nothing yet".
    const quarantined = await quarantinedVersionOf(db, node.id);
    if (quarantined) refuseQuarantined(quarantined, node.id);
    throw notFound(`Node "${node.id}" has no installable version yet.`);
  }
  return latest;
}

async function agedLatestOf(db: Db, node: NodeRow, publishedBy: Date): Promise<VersionWithArchive> {
  const found = (await latestPublishedBy(db, [node.id], publishedBy)).get(node.id);
  if (!found) {
    throw new ApiError(
      404,
      'no_version_old_enough',
      `Node "${node.id}" has no installable version published at or before ${publishedBy.toISOString()} ` +
        '(the minimum release age): ask again later, name a version, or send a shorter min_age (0 for none).',
    );
  }
  return withArchive(found);
}

async function exactOf(db: Db, node: NodeRow, requested: string): Promise<VersionWithArchive> {
  const version = normalizeVersion(requested);
  if (!version)
    throw badRequest(`"${requested}" is not a valid version: expected semver such as 1.2.3.`, 'invalid_version');
  const found = await findVersionByNumber(db, node.id, version);
  const label = `Version ${version} of node "${node.id}"`;
  switch (found?.version.status) {
    case 'NodeVersionStatusActive':
      // Unlike a yank, a pin does not get past a quarantine.
      refuseQuarantined(found.version, node.id);
      return found;
    case 'NodeVersionStatusPending':
      throw notFound(`${label} is not installable yet: it is waiting for review.`);
    case 'NodeVersionStatusFlagged':
      throw notFound(`${label} is not installable: it is under review.`);
    case 'NodeVersionStatusBanned':
      throw forbidden(`${label} is banned.`, 'node_version_banned');
    default:
      throw notFound(`${label} not found.`);
  }
}
