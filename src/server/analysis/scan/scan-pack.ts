import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Tree } from 'web-tree-sitter';
import type { Pack } from '../pack/read-pack.ts';
import { sourceText } from '../pack/read-pack.ts';
import { summarizeCapabilities, type CapabilityEvidence, type CapabilitySummary } from '../capabilities/capability.ts';
import { fileCapabilities } from '../capabilities/file-capabilities.ts';
import { Budget } from '../budget.ts';
import { DEFAULT_NESTED_LIMITS, expandNestedArchives, type NestedLimits } from '../pack/nested.ts';
import { parsePython } from '../python/parser.ts';
import { scanArchiveFile } from './file-rules.ts';
import { finding, type Finding } from './finding.ts';
import { scanPythonTree } from './python-rules.ts';
import { RULES, RULESET_VERSION } from './rules.ts';

export interface ScanLimits {
  /** Python files larger than this are not parsed (reported as not scanned). */
  maxPythonBytes: number;
  /** CPU-time budget for the whole pack (see Budget); what is left after it is reported as not scanned. */
  timeBudgetMs: number;
  /** Archives inside the pack: unpacked within these limits and the same time budget. */
  nested: NestedLimits;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  maxPythonBytes: 4 * 1024 * 1024,
  timeBudgetMs: 60_000,
  nested: DEFAULT_NESTED_LIMITS,
};

export interface ScanReport {
  rulesetVersion: string;
  findings: Finding[];
  filesScanned: number;
  bytesScanned: number;
  /** Files that were not (fully) scanned because of the limits. */
  skipped: number;
  durationMs: number;
  /** What the code can do (network, processes, …) and where: compared between versions. */
  capabilities: CapabilitySummary;
}

const isPython = (path: string) => /\.pyw?$/i.test(path);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Scans every file of a pack, and the files of archives inside it: archive-level rules on all of
 * them, the Python rules on .py files. Yields to the event loop between files so a big pack does
 * not stall request handling.
 */
export async function scanPack(
  pack: Pack,
  limits: ScanLimits = DEFAULT_SCAN_LIMITS,
  /** Trees already parsed (by the extractor); each is used once and freed, like the scan's own. */
  parsed: Map<string, Tree> = new Map(),
): Promise<ScanReport> {
  const started = Date.now();
  const budget = new Budget(limits.timeBudgetMs);
  const findings: Finding[] = [];
  const evidence: CapabilityEvidence[] = [];
  const nested = expandNestedArchives(pack.files, limits.nested, () => budget.exceeded());
  const files = nested.files.length > 0 ? [...pack.files, ...nested.files] : pack.files;
  const allPaths = new Set(files.map((file) => file.path));
  const archiveNames = new Set(nested.archives.map(baseName));
  let filesScanned = 0;
  let bytesScanned = 0;
  let skipped = 0;
  const notScanned = (path: string, reason: string) => {
    skipped += 1;
    findings.push(finding(RULES.notScanned, path, null, path, `(${reason})`));
  };
  for (const entry of [...pack.skipped, ...nested.skipped]) notScanned(entry.path, entry.reason);
  for (const bomb of nested.bombs)
    findings.push(finding(RULES.compressionBomb, bomb.path, null, bomb.path, `(${bomb.detail})`));

  for (const file of files) {
    findings.push(...scanArchiveFile(file.path, file.bytes, allPaths));
    evidence.push(...fileCapabilities(file.path, file.bytes));
    if (!isPython(file.path)) continue;
    if (file.bytes.length > limits.maxPythonBytes) {
      notScanned(file.path, `Python file larger than ${limits.maxPythonBytes} bytes`);
      continue;
    }
    if (budget.exceeded()) {
      notScanned(file.path, 'scan time budget used up');
      continue;
    }
    const source = sourceText(file.bytes);
    const cached = parsed.get(file.path);
    parsed.delete(file.path);
    const tree = cached ?? (await parsePython(source, budget.wallDeadline));
    if (!tree) {
      notScanned(file.path, 'scan time budget used up while parsing');
      continue;
    }
    try {
      findings.push(...scanPythonTree(file.path, source, tree, archiveNames, evidence));
    } finally {
      tree.delete();
    }
    filesScanned += 1;
    bytesScanned += file.bytes.length;
    await yieldToLoop();
  }
  return {
    rulesetVersion: RULESET_VERSION,
    findings,
    filesScanned,
    bytesScanned,
    skipped,
    durationMs: Date.now() - started,
    capabilities: summarizeCapabilities(evidence),
  };
}
