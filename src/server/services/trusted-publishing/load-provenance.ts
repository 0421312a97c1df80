import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { auditLog, versionProvenance } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { getVisibleNode } from '../nodes/find-node.ts';
import { findVersionByRef } from '../versions/lookup-version.ts';
import { GITHUB_ACTIONS_ISSUER } from './issuers.ts';
import { workflowFile } from './oidc-claims.ts';
import { provenanceStatement, signStatement, type DsseEnvelope, type ProvenanceFacts } from './provenance-statement.ts';

/** How a version was published, as its publish record says. */
export type PublishedWith = 'trusted_publishing' | 'personal_access_token' | 'dashboard_upload' | 'unknown';

export type VersionProvenance =
  | { publishedWith: 'trusted_publishing'; facts: ProvenanceFacts; envelope: DsseEnvelope }
  | { publishedWith: Exclude<PublishedWith, 'trusted_publishing'>; facts: null; envelope: null };

/**
 * GET /nodes/{id}/versions/{v}/provenance: for a trusted-published version with its archive stored,
 * the signed statement; for any other version, how it was published instead (a personal access token,
 * the dashboard, or unknown for imported ones).
 */
export async function loadVersionProvenance(
  services: AppDeps,
  nodeId: string,
  ref: string,
): Promise<{ nodeId: string; version: string; provenance: VersionProvenance }> {
  const { db } = services;
  const node = await getVisibleNode(db, nodeId);
  const found = await findVersionByRef(db, node.id, ref);
  if (!found || found.version.status === 'NodeVersionStatusDeleted') {
    throw new ApiError(404, 'version_not_found', `Version "${ref.slice(0, 100)}" of node "${node.id}" not found.`);
  }
  const { version } = found;
  const [row] = await db.select().from(versionProvenance).where(eq(versionProvenance.nodeVersionId, version.id));
  const result = { nodeId: node.id, version: version.version };
  if (!row)
    return {
      ...result,
      provenance: { publishedWith: await publishedWith(services, version.id), facts: null, envelope: null },
    };
  if (!found.sha256) {
    throw new ApiError(
      409,
      'archive_missing',
      `Version ${version.version} of "${node.id}" has no stored archive yet: its provenance binds the archive's sha256.`,
    );
  }
  const facts: ProvenanceFacts = {
    publisherId: node.publisherId,
    nodeId: node.id,
    version: version.version,
    archiveSha256: found.sha256,
    issuer: row.issuer,
    repository: row.repository,
    repositoryId: row.repositoryId,
    commitSha: row.commitSha,
    ref: row.ref,
    workflowRef: row.workflowRef,
    environment: row.environment,
    runId: row.runId,
    runAttempt: row.runAttempt,
    publishedAt: row.createdAt,
  };
  const envelope = signStatement(provenanceStatement(facts), services.indexKeys.signing);
  return { ...result, provenance: { publishedWith: 'trusted_publishing', facts, envelope } };
}

async function publishedWith(
  services: AppDeps,
  versionId: string,
): Promise<Exclude<PublishedWith, 'trusted_publishing'>> {
  const [record] = await services.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'node_version.publish'), eq(auditLog.targetId, versionId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const after = (record?.after ?? null) as { accessKey?: unknown; via?: unknown } | null;
  if (after?.accessKey) return 'personal_access_token';
  if (after?.via === 'dashboard_upload') return 'dashboard_upload';
  return 'unknown';
}

/** What the node page says of a trusted-published version: where it was built (null for other versions). */
export interface ProvenanceSummary {
  repository: string;
  commit: string | null;
  workflow: string;
  /** The commit on GitHub, when GitHub Actions published it. */
  commitUrl: string | null;
}

/** The columns of a version_provenance row the summary reads. */
const provenanceSummaryColumns = {
  issuer: versionProvenance.issuer,
  repository: versionProvenance.repository,
  commitSha: versionProvenance.commitSha,
  workflowRef: versionProvenance.workflowRef,
};

interface SummaryFacts {
  issuer: string;
  repository: string;
  commitSha: string | null;
  workflowRef: string;
}

/** The summary of a version_provenance row (null: the version was not trusted-published). */
export function toProvenanceSummary(row: SummaryFacts | null | undefined): ProvenanceSummary | null {
  if (!row) return null;
  const onGitHub = row.issuer === GITHUB_ACTIONS_ISSUER.issuer && row.commitSha !== null;
  return {
    repository: row.repository,
    commit: row.commitSha,
    workflow: workflowFile(row.workflowRef),
    commitUrl: onGitHub ? `https://github.com/${row.repository}/commit/${row.commitSha}` : null,
  };
}

export async function findProvenanceSummary(db: AppDeps['db'], versionId: string): Promise<ProvenanceSummary | null> {
  const [row] = await db
    .select(provenanceSummaryColumns)
    .from(versionProvenance)
    .where(eq(versionProvenance.nodeVersionId, versionId));
  return toProvenanceSummary(row);
}
