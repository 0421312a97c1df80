import { BLOCKING_SEVERITIES, SEVERITY_ORDER, type Finding } from '../../analysis/scan/finding.ts';

// What the scan means for the version: Active when nothing blocks, Flagged (held for an admin)
// when any critical or high finding exists. Medium/low findings publish with a note.

export const PASSED_REASON = 'Passed automated checks';
export const SCAN_FAILED_REASON = 'scan failed';
const MAX_REASON = 600;

export interface Verdict {
  status: 'NodeVersionStatusActive' | 'NodeVersionStatusFlagged';
  reason: string;
  counts: Record<string, number>;
}

export function countBySeverity(findings: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return counts;
}

const summary = (counts: Record<string, number>, only?: Set<string>) =>
  SEVERITY_ORDER.filter((s) => counts[s] && (!only || only.has(s)))
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');

export function verdictFor(findings: Finding[], rulesetVersion: string): Verdict {
  const counts = countBySeverity(findings);
  const blocking = findings.filter((f) => BLOCKING_SEVERITIES.has(f.severity));
  if (blocking.length === 0) {
    const warnings = findings.length;
    return {
      status: 'NodeVersionStatusActive',
      reason: warnings
        ? `${PASSED_REASON} (${warnings} warning${warnings === 1 ? '' : 's'}: ${summary(counts)})`
        : PASSED_REASON,
      counts,
    };
  }
  const ordered = [...blocking].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  let reason = `Flagged by the automated scan (rules ${rulesetVersion}): ${summary(counts, BLOCKING_SEVERITIES as Set<string>)}.`;
  for (const f of ordered) {
    const where = f.line === null ? f.file : `${f.file}:${f.line}`;
    const next = ` ${f.ruleId} at ${where};`;
    if (reason.length + next.length > MAX_REASON) {
      reason += ' …';
      break;
    }
    reason += next;
  }
  return { status: 'NodeVersionStatusFlagged', reason: reason.replace(/;$/, ''), counts };
}
