import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { conflict, notFound } from '../../errors.ts';
import { userActor } from '../audit/record.ts';
import { findNode } from '../nodes/find-node.ts';
import { findVersionByRef } from '../versions/lookup-version.ts';
import type { AdvisoryInput } from './advisory-input.ts';
import { ADVISORY_ACTIONS } from './audit-actions.ts';
import { loadNodeAdvisories } from './node-advisories.ts';
import { loadAdvisoriesByIds, type AdvisoryRecord } from './load-advisories.ts';
import { affectsVersion } from './version-ranges.ts';
import { createAdvisory } from './write-advisory.ts';

export interface FromBanRequest {
  nodeId: string;
  /** The banned version; omitted: the whole pack is banned, so every version is affected. */
  version?: string | undefined;
  /** What the admin changed in the prefilled text (optional). */
  summary?: string | undefined;
  details?: string | undefined;
}

/** The ban the advisory is built from: the pack's or the version's, with the reason the admin gave. */
async function findBan(db: Db, request: FromBanRequest) {
  const node = await findNode(db, request.nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${request.nodeId}" not found.`);
  if (request.version === undefined) {
    if (node.status !== 'NodeStatusBanned') {
      throw conflict(`Node "${node.id}" is not banned: ban it first.`, 'advisory_needs_ban');
    }
    return { node, version: null, reason: node.statusDetail ?? '' };
  }
  const version = (await findVersionByRef(db, node.id, request.version))?.version;
  if (!version) throw notFound(`Version ${request.version} of node "${node.id}" not found.`);
  if (version.status !== 'NodeVersionStatusBanned') {
    throw conflict(`Version ${version.version} of "${node.id}" is not banned: ban it first.`, 'advisory_needs_ban');
  }
  return { node, version, reason: version.statusReason };
}

/** The active malware advisory already covering this ban, if an admin clicked twice (or published it by hand). */
async function existingFor(db: Db, node: { id: string }, version: string | null): Promise<AdvisoryRecord | null> {
  const { pack } = await loadNodeAdvisories(db, { id: node.id, latestVersionId: null });
  const covering = pack.find(
    ({ advisory, affected }) =>
      advisory.kind === 'malware' &&
      affected.some((a) =>
        version === null
          ? a.ranges.some((r) => r.introduced === '0' && !r.fixed)
          : affectsVersion('Nodeyard', a, version),
      ),
  );
  return covering ? ((await loadAdvisoriesByIds(db, [covering.advisory.id]))[0] ?? null) : null;
}

/** The ban's prefilled advisory (what the admin is offered) and the advisory already covering the ban, if any. */
export async function draftAdvisoryFromBan(
  db: Db,
  request: FromBanRequest,
): Promise<{ input: AdvisoryInput; existing: AdvisoryRecord | null; ban: Awaited<ReturnType<typeof findBan>> }> {
  const ban = await findBan(db, request);
  const existing = await existingFor(db, ban.node, ban.version?.version ?? null);
  const what = ban.version ? `${ban.node.id} ${ban.version.version}` : ban.node.id;
  const input: AdvisoryInput = {
    summary: request.summary ?? `Malicious code in ${what}`,
    details:
      request.details ??
      [
        ban.version
          ? `Version ${ban.version.version} of the pack ${ban.node.id} was banned as malware.`
          : `The pack ${ban.node.id} was banned as malware: every version is affected.`,
        ban.reason ? `Reason given: ${ban.reason}` : '',
        'Remove it from custom_nodes and check the machine it ran on.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    severity: 'CRITICAL',
    kind: 'malware',
    aliases: [],
    references: [],
    affected: [
      {
        ecosystem: 'Nodeyard',
        package: ban.node.id,
        ranges: ban.version ? [] : [{ introduced: '0' }],
        versions: ban.version ? [ban.version.version] : [],
      },
    ],
  };
  return { input, existing, ban };
}

/**
 * "Publish an advisory for this malware ban" in one step: a CRITICAL malware advisory naming the banned version (or
 * every version of a banned pack), its text prefilled from the ban's reason, audited as `advisory.from_ban`.
 * Answers the existing advisory instead when one already covers the ban (created: false).
 */
export async function publishAdvisoryFromBan(
  db: Db,
  actor: UserRow,
  request: FromBanRequest,
  now: Date,
): Promise<{ advisory: AdvisoryRecord; created: boolean }> {
  const { input, existing, ban } = await draftAdvisoryFromBan(db, request);
  if (existing) return { advisory: existing, created: false };
  const advisory = await createAdvisory(db, input, {
    actor: userActor(actor),
    now,
    action: ADVISORY_ACTIONS.fromBan,
    createdByUserId: actor.id,
    auditExtras: { from_ban: { node_id: ban.node.id, version: ban.version?.version ?? null, reason: ban.reason } },
  });
  return { advisory, created: true };
}
