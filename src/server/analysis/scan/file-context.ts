import type { Node } from 'web-tree-sitter';
import { finding, type Finding } from './finding.ts';
import type { PythonFacts } from './python-facts.ts';
import type { NameResolver } from './resolve.ts';
import type { Rule } from './rules.ts';

/** What the Python rules share while scanning one file. */
export interface FileContext {
  file: string;
  lines: string[];
  facts: PythonFacts;
  resolver: NameResolver;
  /** Base names of the pack's files (nested ones too) whose bytes are an archive. */
  archiveNames: ReadonlySet<string>;
  out: Finding[];
}

export function report(ctx: FileContext, rule: Rule, node: Node, detail?: string) {
  const row = node.startPosition.row;
  ctx.out.push(finding(rule, ctx.file, row + 1, ctx.lines[row] ?? node.text, detail));
}
