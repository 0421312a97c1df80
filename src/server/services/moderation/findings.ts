import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { versionScanFindings } from '../../db/schema/index.ts';

export type VersionFindingRow = typeof versionScanFindings.$inferSelect;

const SEVERITY_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** The latest scan's findings for one version, worst first, then by file and line (stable for UIs). */
export async function listVersionFindings(db: Db, versionId: string): Promise<VersionFindingRow[]> {
  const rows = await db
    .select()
    .from(versionScanFindings)
    .where(eq(versionScanFindings.nodeVersionId, versionId))
    .orderBy(asc(versionScanFindings.file), asc(versionScanFindings.line), asc(versionScanFindings.ruleId));
  // Severity is text, so rank in code rather than with a CASE in SQL.
  return rows.sort((a, b) => (SEVERITY_RANK[a.severity] ?? 9) - (SEVERITY_RANK[b.severity] ?? 9));
}
