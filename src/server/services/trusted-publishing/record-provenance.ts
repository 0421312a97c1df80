import type { Db } from '../../db/client.ts';
import { versionProvenance } from '../../db/schema/index.ts';
import type { ProvenanceClaims } from './oidc-claims.ts';
import type { TrustedCredentialRow, TrustedPublisherRow } from './trusted-publisher-row.ts';

/** Records where a version published with an exchanged credential came from (in the publish's transaction). */
export async function recordProvenance(
  tx: Db,
  nodeVersionId: string,
  credential: TrustedCredentialRow,
  registration: TrustedPublisherRow | undefined,
): Promise<void> {
  // Written by exchange.ts from verified claims only (provenanceClaims).
  const claims = credential.claims as ProvenanceClaims;
  await tx.insert(versionProvenance).values({
    nodeVersionId,
    trustedPublisherId: registration?.id ?? null,
    issuer: claims.issuer,
    repository: claims.repository,
    repositoryId: claims.repository_id,
    commitSha: claims.sha,
    ref: claims.ref,
    workflowRef: claims.workflow_ref,
    environment: claims.environment,
    runId: claims.run_id,
    runAttempt: claims.run_attempt,
  });
}
