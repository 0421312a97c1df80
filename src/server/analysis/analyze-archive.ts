import { createHash } from 'node:crypto';
import type { Tree } from 'web-tree-sitter';
import { extractNodes, type Extraction } from './extract/extract-pack.ts';
import { DEFAULT_PACK_LIMITS, readPack } from './pack/read-pack.ts';
import { finding } from './scan/finding.ts';
import { RULES, RULESET_VERSION } from './scan/rules.ts';
import { DEFAULT_SCAN_LIMITS, scanPack, type ScanLimits, type ScanReport } from './scan/scan-pack.ts';
import { validateZip, zipLimitsFor } from './pack/validate-zip.ts';

// The read-only half of the pipeline: re-check the stored archive, scan it, extract its node
// classes. Nothing is written here, so a crash at any point leaves the database untouched.

export interface Analysis {
  scan: ScanReport;
  extraction: Extraction;
}

const emptyExtraction: Extraction = { nodes: [], status: 'failed', note: 'archive invalid', durationMs: 0 };

/** The finding that holds a version whose stored archive fails the archive rules (also the re-validation job's). */
export const invalidArchiveFinding = (problem: string) => finding(RULES.invalidArchive, '', null, '', `(${problem})`);

function invalidArchive(problem: string): Analysis {
  const scan: ScanReport = {
    rulesetVersion: RULESET_VERSION,
    findings: [invalidArchiveFinding(problem)],
    filesScanned: 0,
    bytesScanned: 0,
    skipped: 0,
    durationMs: 0,
    capabilities: {},
  };
  return { scan, extraction: emptyExtraction };
}

export async function analyzeArchive(
  bytes: Uint8Array,
  /** The digest recorded at upload (the archive row's `sha256`); null when none was recorded. */
  archive: { sha256: string | null },
  maxArchiveBytes: number,
): Promise<Analysis> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const zipLimits = zipLimitsFor(maxArchiveBytes);
  const check = await validateZip(bytes, zipLimits);
  if (!check.ok) return invalidArchive(check.message);
  if (archive.sha256 && archive.sha256 !== sha256) return invalidArchive('its sha256 changed');
  // The files exactly as validated: one reading of the archive for the check, the scan and the extraction.
  const pack = readPack(check.archive);
  // Archives inside the pack draw on what is left of the pack's own budgets (size and file count).
  const nested = DEFAULT_SCAN_LIMITS.nested;
  const packBytes = check.uncompressedBytes;
  const limits: ScanLimits = {
    ...DEFAULT_SCAN_LIMITS,
    nested: {
      ...nested,
      maxBytes: Math.max(0, Math.min(nested.maxBytes, zipLimits.maxUncompressedBytes - packBytes)),
      maxFiles: Math.max(0, Math.min(nested.maxFiles, DEFAULT_PACK_LIMITS.maxFiles - pack.files.length)),
    },
  };
  // Extraction first: the modules it parsed are handed to the scan, so no file is parsed twice.
  const trees = new Map<string, Tree>();
  try {
    const extraction = await extractNodes(pack.files, { treeCache: trees });
    const scan = await scanPack(pack, limits, trees);
    return { scan, extraction };
  } finally {
    for (const tree of trees.values()) tree.delete();
  }
}
