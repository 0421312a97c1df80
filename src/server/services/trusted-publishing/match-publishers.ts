import type { TrustedPublisherRow } from './trusted-publisher-row.ts';
import { workflowFile, type OidcClaims } from './oidc-claims.ts';
import { refMatches } from './ref-pattern.ts';

/*
 * Which registered trusted publishers a verified token satisfies. A registration is compared claim by
 * claim in a fixed order; when none matches, the registration that got furthest names the first claim
 * that differed, so the CI log says exactly what to fix (the values are not secret: repository names,
 * workflow files, refs).
 */

export interface ClaimMismatch {
  claim: 'repository' | 'repository_id' | 'repository_owner_id' | 'workflow' | 'environment' | 'ref';
  registered: string;
  actual: string | null;
}

type Check = (registration: TrustedPublisherRow, claims: OidcClaims) => ClaimMismatch | null;

const sameText = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

const CHECKS: Check[] = [
  // The name first, so "another repository entirely" is told as such.
  (r, c) =>
    sameText(r.repository, c.repository) ||
    (r.repositoryId !== null && c.repository_id !== undefined && r.repositoryId === c.repository_id)
      ? null
      : { claim: 'repository', registered: r.repository, actual: c.repository },
  // Once the immutable ids are known they must match: a re-created repository of the same name is not ours.
  (r, c) =>
    r.repositoryId === null || r.repositoryId === c.repository_id
      ? null
      : { claim: 'repository_id', registered: r.repositoryId, actual: c.repository_id ?? null },
  (r, c) =>
    r.repositoryOwnerId === null || r.repositoryOwnerId === c.repository_owner_id
      ? null
      : { claim: 'repository_owner_id', registered: r.repositoryOwnerId, actual: c.repository_owner_id ?? null },
  (r, c) =>
    r.workflow === workflowFile(c.workflow_ref)
      ? null
      : { claim: 'workflow', registered: r.workflow, actual: workflowFile(c.workflow_ref) },
  (r, c) =>
    r.environment === null || sameText(r.environment, c.environment)
      ? null
      : { claim: 'environment', registered: r.environment, actual: c.environment ?? null },
  (r, c) =>
    r.refPattern === null || (c.ref !== undefined && refMatches(r.refPattern, c.ref))
      ? null
      : { claim: 'ref', registered: r.refPattern, actual: c.ref ?? null },
];

export interface MatchResult {
  matched: TrustedPublisherRow[];
  /** When nothing matched: for each registration compared, the first claim that differed. */
  mismatches: { registration: TrustedPublisherRow; mismatch: ClaimMismatch }[];
}

export function matchTrustedPublishers(registrations: readonly TrustedPublisherRow[], claims: OidcClaims): MatchResult {
  const matched: TrustedPublisherRow[] = [];
  const mismatches: MatchResult['mismatches'] = [];
  for (const registration of registrations) {
    const mismatch = CHECKS.reduce<ClaimMismatch | null>((found, check) => found ?? check(registration, claims), null);
    if (mismatch) mismatches.push({ registration, mismatch });
    else matched.push(registration);
  }
  return { matched, mismatches: matched.length > 0 ? [] : mismatches };
}

/** How many registrations a refusal describes: enough to find the one meant, without a wall of text. */
const DESCRIBED = 5;

/** The sentence a CI log shows when nothing matched: per registration, the first claim that differed. */
export function describeMismatches(mismatches: MatchResult['mismatches'], repository: string): string {
  if (mismatches.length === 0) return `No trusted publisher is registered for repository "${repository}".`;
  const parts = mismatches.slice(0, DESCRIBED).map(({ registration, mismatch }) => {
    const actual = mismatch.actual === null ? 'is absent from the token' : `is "${mismatch.actual}"`;
    const versus =
      mismatch.claim === 'ref'
        ? `not matching the registered pattern "${mismatch.registered}"`
        : `registered "${mismatch.registered}"`;
    return `for ${registration.publisherId}/${registration.nodeId} its ${mismatch.claim} ${actual}, ${versus}`;
  });
  const more = mismatches.length > DESCRIBED ? `; and ${mismatches.length - DESCRIBED} more` : '';
  return `No trusted publisher matches this token: ${parts.join('; ')}${more}.`;
}
