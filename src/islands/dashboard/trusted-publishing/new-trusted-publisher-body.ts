import type { NewTrustedPublisher } from './types.ts';

/** The form's strings as the API takes them: trimmed, empty optional fields left out, the default issuer implied. */
export function newTrustedPublisherBody(
  values: { nodeId: string; repository: string; workflow: string; environment: string; refPattern: string },
  issuer: string,
  issuers: string[],
): NewTrustedPublisher {
  const environment = values.environment.trim();
  const refPattern = values.refPattern.trim();
  return {
    node_id: values.nodeId.trim(),
    repository: values.repository.trim(),
    workflow: values.workflow.trim(),
    ...(environment ? { environment } : {}),
    ...(refPattern ? { ref_pattern: refPattern } : {}),
    ...(issuer && issuer !== issuers[0] ? { issuer } : {}),
  };
}
