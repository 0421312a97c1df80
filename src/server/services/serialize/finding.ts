import type { WarningRow } from '../moderation/version-warnings.ts';

/** A scan finding as the API shows it (the findings of a version, and a node's scan warnings). */
export function toApiFinding(finding: WarningRow) {
  return {
    rule_id: finding.ruleId,
    severity: finding.severity,
    file: finding.file,
    line: finding.line,
    snippet: finding.snippet,
    message: finding.message,
    ruleset_version: finding.rulesetVersion,
  };
}
