import { z } from 'zod';

/**
 * The claims of a CI identity token we use, shaped as GitHub Actions issues them
 * (https://docs.github.com/actions/security-for-github-actions/security-hardening-your-deployments/about-security-hardening-with-openid-connect).
 * Ids arrive as strings from GitHub; numbers are accepted too and kept as strings.
 */
const id = z.union([z.string().min(1).max(64), z.number().int().nonnegative()]).transform(String);

export const OidcClaimsSchema = z.object({
  iss: z.string(),
  jti: z.string().min(1).max(200),
  exp: z.number(),
  sub: z.string().max(1000).optional(),
  /** `owner/repo`. */
  repository: z.string().min(3).max(300),
  repository_id: id.optional(),
  repository_owner: z.string().max(200).optional(),
  repository_owner_id: id.optional(),
  /** `owner/repo/.github/workflows/publish.yml@refs/heads/main`: the workflow that runs the job. */
  workflow_ref: z.string().min(1).max(1000),
  ref: z.string().max(1000).optional(),
  sha: z.string().max(100).optional(),
  environment: z.string().max(300).optional(),
  run_id: id.optional(),
  run_attempt: id.optional(),
  event_name: z.string().max(100).optional(),
});

export type OidcClaims = z.infer<typeof OidcClaimsSchema>;

/** `publish.yml` from `owner/repo/.github/workflows/publish.yml@refs/heads/main`. */
export function workflowFile(workflowRef: string): string {
  const path = workflowRef.split('@')[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** What a published version records about where it came from (provenance), from verified claims only. */
export function provenanceClaims(claims: OidcClaims) {
  return {
    issuer: claims.iss,
    repository: claims.repository,
    repository_id: claims.repository_id ?? null,
    repository_owner_id: claims.repository_owner_id ?? null,
    workflow_ref: claims.workflow_ref,
    ref: claims.ref ?? null,
    sha: claims.sha ?? null,
    environment: claims.environment ?? null,
    run_id: claims.run_id ?? null,
    run_attempt: claims.run_attempt ?? null,
  };
}

export type ProvenanceClaims = ReturnType<typeof provenanceClaims>;
