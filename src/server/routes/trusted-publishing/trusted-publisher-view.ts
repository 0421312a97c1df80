import type { TrustedPublisherRow } from '../../services/trusted-publishing/trusted-publisher-row.ts';

/** A registration as the API shows it. */
export function toApiTrustedPublisher(row: TrustedPublisherRow, pending: boolean) {
  return {
    id: row.id,
    node_id: row.nodeId,
    pending,
    issuer: row.issuer,
    repository: row.repository,
    repository_id: row.repositoryId,
    repository_owner_id: row.repositoryOwnerId,
    workflow: row.workflow,
    environment: row.environment,
    ref_pattern: row.refPattern,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
