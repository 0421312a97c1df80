import type { ApiSchema } from '../api/types.ts';

// The findings API's shape (GET …/versions/{version}/findings, generated from docs/openapi.json) and the
// pure rules the dashboard applies to it. The island translates by rule id: the server's English
// `message` is only a fallback for a rule this build does not know yet.

export type ScanFinding = ApiSchema<'ScanFinding'>;
export type Severity = ScanFinding['severity'];
export type VersionFindings = ApiSchema<'VersionFindings'>;
export type ReasonSource = VersionFindings['reason']['source'];
/** The schema is nullable (a version may have none): the type of one that exists. */
export type ReviewRequest = NonNullable<ApiSchema<'ReviewRequest'>>;

const SEVERITY_TONE = { critical: 'bad', high: 'bad', medium: 'warn', low: 'wait' } as const;

export function severityTone(severity: Severity) {
  return SEVERITY_TONE[severity] ?? 'wait';
}

/** Whether a publisher may still ask for a review (the server enforces the same). */
export function canRequestReview(data: Pick<VersionFindings, 'status' | 'review_request'>): boolean {
  const held = data.status === 'NodeVersionStatusFlagged' || data.status === 'NodeVersionStatusBanned';
  return held && !data.review_request?.open;
}

/** A rule's message key: the id comes from the server, whose scanner may know rules this build does not. */
type RuleMessageKey = `findings.rules.${string}.${'title' | 'explanation'}`;

/** The i18n keys of a rule's title and explanation, or null when the messages lack them. */
export function ruleKeys(
  ruleId: string,
  has: (key: RuleMessageKey) => boolean,
): { title: RuleMessageKey; explanation: RuleMessageKey } | null {
  if (!/^[A-Z]{2}\d{3}$/.test(ruleId)) return null;
  const title = `findings.rules.${ruleId}.title` as const;
  const explanation = `findings.rules.${ruleId}.explanation` as const;
  return has(title) && has(explanation) ? { title, explanation } : null;
}
