// Findings that appeared or went away between two versions, by rule. A finding is the same finding
// when its rule, file and snippet match: code moving down a few lines is not a new finding.

export interface ComparableFinding {
  ruleId: string;
  severity: string;
  file: string;
  line: number | null;
  snippet: string;
}

export interface RuleFindingChanges {
  rule_id: string;
  severity: string;
  added: { file: string; line: number | null; snippet: string }[];
  removed: { file: string; line: number | null; snippet: string }[];
}

const keyOf = (f: ComparableFinding) => `${f.ruleId}\0${f.file}\0${f.snippet}`;
const place = (f: ComparableFinding) => ({ file: f.file, line: f.line, snippet: f.snippet });

/** Rules whose findings changed, in rule order; each with what was added and removed. */
export function compareFindings(from: ComparableFinding[], to: ComparableFinding[]): RuleFindingChanges[] {
  const count = (list: ComparableFinding[]) => {
    const counts = new Map<string, number>();
    for (const f of list) counts.set(keyOf(f), (counts.get(keyOf(f)) ?? 0) + 1);
    return counts;
  };
  const byRule = new Map<string, RuleFindingChanges>();
  const entry = (f: ComparableFinding) => {
    let rule = byRule.get(f.ruleId);
    if (!rule) byRule.set(f.ruleId, (rule = { rule_id: f.ruleId, severity: f.severity, added: [], removed: [] }));
    return rule;
  };
  // Multisets: two identical lines in v1 and one in v2 is one removed.
  const left = count(from);
  for (const f of to) {
    const n = left.get(keyOf(f)) ?? 0;
    if (n > 0) left.set(keyOf(f), n - 1);
    else entry(f).added.push(place(f));
  }
  const right = count(to);
  for (const f of from) {
    const n = right.get(keyOf(f)) ?? 0;
    if (n > 0) right.set(keyOf(f), n - 1);
    else entry(f).removed.push(place(f));
  }
  return [...byRule.values()].sort((a, b) => (a.rule_id < b.rule_id ? -1 : 1));
}
