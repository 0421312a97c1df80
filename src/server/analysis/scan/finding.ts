import type { FindingSeverity, Rule } from './rules.ts';

export interface Finding {
  ruleId: string;
  severity: FindingSeverity;
  file: string;
  line: number | null;
  snippet: string;
  message: string;
}

const MAX_SNIPPET = 200;

/** One source line, whitespace-collapsed and cut to 200 characters so a minified line stays readable. */
export function trimSnippet(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_SNIPPET ? `${line.slice(0, MAX_SNIPPET - 1)}…` : line;
}

export function finding(rule: Rule, file: string, line: number | null, snippet = '', detail?: string): Finding {
  return {
    ruleId: rule.id,
    severity: rule.severity,
    file,
    line,
    snippet: trimSnippet(snippet),
    message: detail ? `${rule.message} ${detail}` : rule.message,
  };
}

export const SEVERITY_ORDER: FindingSeverity[] = ['critical', 'high', 'medium', 'low'];

/** Severities that hold a version for review (Flagged) instead of publishing it. */
export const BLOCKING_SEVERITIES = new Set<FindingSeverity>(['critical', 'high']);
