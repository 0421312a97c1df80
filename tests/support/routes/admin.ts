import { and, asc, eq } from 'drizzle-orm';
import { auditLog, versionScanFindings } from '../../../src/server/db/schema/index.ts';
import { signedIn, type Actor } from '../authz/actors.ts';
import type { TestApp } from '../test-app.ts';

// Shared arrangement for the admin route tests (not a test file itself).

export interface AdminActors {
  admin: Actor;
  stranger: Actor;
}

export async function adminActors(t: TestApp): Promise<AdminActors> {
  return { admin: await signedIn(t, { admin: true }), stranger: await signedIn(t) };
}

/** Writes scan findings for a version, as the scanner would. */
export async function insertFindings(
  t: TestApp,
  versionId: string,
  findings: { ruleId: string; file: string; snippet: string; line?: number; severity?: 'low' | 'high' }[],
): Promise<void> {
  await t.services.db.insert(versionScanFindings).values(
    findings.map((f) => ({
      nodeVersionId: versionId,
      ruleId: f.ruleId,
      severity: f.severity ?? 'high',
      file: f.file,
      line: f.line ?? 1,
      snippet: f.snippet,
      message: `${f.ruleId} found`,
      rulesetVersion: 'test-1',
    })),
  );
}

/** The audit rows of one target, oldest first. */
export function auditRows(t: TestApp, targetType: string, targetId: string) {
  return t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));
}
