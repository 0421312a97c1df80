import { canonicalJson } from '../../index-protocol/canonical-json.ts';
import { signBytes, type SigningKey } from '../../index-protocol/signatures.ts';

/*
 * The registry's signed word on where a version came from: an in-toto Statement (v1) whose subject
 * is the archive by its sha256 and whose predicate (SLSA provenance v1 in shape) names the repository,
 * commit, ref, workflow and run from the verified CI identity token; wrapped in a DSSE envelope signed
 * with the index's Ed25519 key, which GET /index/v1/keys publishes. Ed25519 is deterministic, so the
 * same version always gets the same envelope.
 */

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const PREDICATE_TYPE = 'https://slsa.dev/provenance/v1';
export const BUILD_TYPE = 'https://nodeyard.dev/trusted-publishing/v1';
export const PAYLOAD_TYPE = 'application/vnd.in-toto+json';

export interface ProvenanceFacts {
  publisherId: string;
  nodeId: string;
  version: string;
  archiveSha256: string;
  issuer: string;
  repository: string;
  repositoryId: string | null;
  commitSha: string | null;
  ref: string | null;
  workflowRef: string;
  environment: string | null;
  runId: string | null;
  runAttempt: string | null;
  publishedAt: Date;
}

export function provenanceStatement(facts: ProvenanceFacts) {
  const [workflowPath] = facts.workflowRef.split('@');
  return {
    _type: STATEMENT_TYPE,
    subject: [
      { name: `${facts.publisherId}/${facts.nodeId}@${facts.version}`, digest: { sha256: facts.archiveSha256 } },
    ],
    predicateType: PREDICATE_TYPE,
    predicate: {
      buildDefinition: {
        buildType: BUILD_TYPE,
        externalParameters: {
          repository: facts.repository,
          ref: facts.ref,
          workflow: workflowPath?.slice(facts.repository.length + 1) ?? facts.workflowRef,
          environment: facts.environment,
        },
        internalParameters: { repository_id: facts.repositoryId, workflow_ref: facts.workflowRef },
        resolvedDependencies: facts.commitSha
          ? [{ uri: `git+${facts.repository}@${facts.ref ?? ''}`, digest: { gitCommit: facts.commitSha } }]
          : [],
      },
      runDetails: {
        builder: { id: facts.issuer },
        metadata: {
          invocationId: facts.runId ? `${facts.runId}/${facts.runAttempt ?? '1'}` : null,
          finishedOn: facts.publishedAt.toISOString(),
        },
      },
    },
  };
}

/** DSSE's pre-authentication encoding: what is actually signed. */
export function preAuthEncoding(payloadType: string, payload: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${Buffer.byteLength(payloadType)} ${payloadType} ${payload.length} `),
    payload,
  ]);
}

export interface DsseEnvelope {
  payloadType: string;
  /** The statement's canonical JSON, base64. */
  payload: string;
  signatures: { keyid: string; sig: string }[];
}

export function signStatement(statement: unknown, key: SigningKey): DsseEnvelope {
  const payload = Buffer.from(canonicalJson(statement), 'utf8');
  return {
    payloadType: PAYLOAD_TYPE,
    payload: payload.toString('base64'),
    signatures: [{ keyid: key.id, sig: signBytes(preAuthEncoding(PAYLOAD_TYPE, payload), key) }],
  };
}
