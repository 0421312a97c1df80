import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisories } from '../../db/schema/index.ts';
import type { AuditActor } from '../audit/record.ts';
import { ADVISORY_ACTIONS } from './audit-actions.ts';
import { advisoryFromOsv, OsvImportDocument } from './osv-import-mapping.ts';
import { createAdvisory, updateAdvisory, withdrawAdvisory } from './write-advisory.ts';

export interface OsvImportFile {
  /** Where it came from (a zip entry or a file path), for the report and the audit row. */
  name: string;
  text: string;
}

export interface OsvImportReport {
  created: string[];
  updated: string[];
  unchanged: number;
  /** Documents naming no PyPI package. */
  skipped: number;
  /** Files that are not OSV JSON, with why. */
  failed: { name: string; reason: string }[];
}

const IMPORT_ACTOR: AuditActor = { userId: null, kind: 'system' };

/**
 * Imports the PyPI advisories of an OSV export. Each document becomes (or updates, by its OSV id) one NYSA
 * advisory whose aliases keep the upstream ids; a document whose `modified` is not newer than the last import is
 * left alone, so importing the same export twice changes nothing. One transaction per document: a bad file never
 * stops the others.
 */
export async function importOsvFiles(db: Db, files: OsvImportFile[], now: Date): Promise<OsvImportReport> {
  const report: OsvImportReport = { created: [], updated: [], unchanged: 0, skipped: 0, failed: [] };
  for (const file of files) {
    let doc: OsvImportDocument;
    try {
      doc = OsvImportDocument.parse(JSON.parse(file.text));
    } catch (error) {
      report.failed.push({
        name: file.name,
        reason: error instanceof SyntaxError ? 'not JSON' : 'not an OSV document',
      });
      continue;
    }
    const input = advisoryFromOsv(doc);
    if (!input) {
      report.skipped++;
      continue;
    }
    const upstreamModified = new Date(doc.modified);
    const write = { actor: IMPORT_ACTOR, now, action: ADVISORY_ACTIONS.import, auditExtras: { source: file.name } };
    const [existing] = await db.select().from(advisories).where(eq(advisories.importedFrom, doc.id));
    try {
      if (!existing) {
        const created = await createAdvisory(db, input, { ...write, importedFrom: doc.id });
        if (doc.withdrawn) await withdrawAdvisory(db, created.id, write);
        report.created.push(created.id);
      } else if (!Number.isNaN(upstreamModified.getTime()) && upstreamModified <= existing.modifiedAt) {
        report.unchanged++;
      } else {
        await updateAdvisory(db, existing.id, input, write);
        if (doc.withdrawn && !existing.withdrawnAt) await withdrawAdvisory(db, existing.id, write);
        report.updated.push(existing.id);
      }
    } catch (error) {
      report.failed.push({ name: file.name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
