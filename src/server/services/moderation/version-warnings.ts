import { and, asc, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { versionScanFindings } from '../../db/schema/index.ts';
import type { VersionFindingRow } from './findings.ts';

/**
 * Findings that publish with a note instead of holding the version (verdict.ts): these are what an
 * Active version's readers are shown. Critical and high ones of a version a moderator approved stay
 * with the moderators: the approval is the answer to them.
 */
export const WARNING_SEVERITIES = ['medium', 'low'] as const;

/** Warnings listed per version; the rest are counted ("and 12 more"), so one noisy pack stays one page. */
export const MAX_WARNINGS_PER_VERSION = 50;

export type WarningRow = Pick<
  VersionFindingRow,
  'ruleId' | 'severity' | 'file' | 'line' | 'snippet' | 'message' | 'rulesetVersion'
>;

export interface VersionWarnings {
  /** Medium first, then by file, line and rule; at most the limit. */
  findings: WarningRow[];
  /** All the version's warnings, shown or not. */
  total: number;
}

/** The ranked warnings of the versions `versions` selects, the first `limit` of each (one query). */
function warningsQuery(db: Db, versions: SQL, limit: number) {
  const f = versionScanFindings;
  const ranked = db
    .select({
      versionId: f.nodeVersionId,
      ruleId: f.ruleId,
      severity: f.severity,
      file: f.file,
      line: f.line,
      snippet: f.snippet,
      message: f.message,
      rulesetVersion: f.rulesetVersion,
      position: sql<number>`row_number() over (partition by ${f.nodeVersionId}
        order by case ${f.severity} when 'medium' then 0 else 1 end, ${f.file}, ${f.line} nulls first, ${f.ruleId})`.as(
        'position',
      ),
      total: sql<number>`count(*) over (partition by ${f.nodeVersionId})`.as('total'),
    })
    .from(f)
    .where(and(versions, inArray(f.severity, [...WARNING_SEVERITIES])))
    .as('ranked');
  return db
    .select({
      versionId: ranked.versionId,
      total: ranked.total,
      finding: {
        ruleId: ranked.ruleId,
        severity: ranked.severity,
        file: ranked.file,
        line: ranked.line,
        snippet: ranked.snippet,
        message: ranked.message,
        rulesetVersion: ranked.rulesetVersion,
      },
    })
    .from(ranked)
    .where(lte(ranked.position, limit))
    .orderBy(asc(ranked.versionId), asc(ranked.position));
}

/** Ranked warning rows (the first `limit` of each version, in rank order) keyed by version id. */
export function byVersionOf(
  rows: readonly { versionId: string; total: number; finding: WarningRow }[],
): Map<string, VersionWarnings> {
  const byVersion = new Map<string, VersionWarnings>();
  for (const { versionId, total, finding } of rows) {
    let entry = byVersion.get(versionId);
    if (!entry) {
      // count(*) is a bigint: PostgreSQL drivers hand it over as text.
      entry = { findings: [], total: Number(total) };
      byVersion.set(versionId, entry);
    }
    entry.findings.push(finding);
  }
  return byVersion;
}

/**
 * The scan warnings of the given versions, keyed by version id; versions without any are absent.
 * One query: the database ranks each version's rows and returns only the first `limit` of each.
 */
export async function listVersionWarnings(
  db: Db,
  versionIds: readonly string[],
  limit = MAX_WARNINGS_PER_VERSION,
): Promise<Map<string, VersionWarnings>> {
  if (versionIds.length === 0) return new Map();
  return byVersionOf(await warningsQuery(db, inArray(versionScanFindings.nodeVersionId, [...versionIds]), limit));
}
