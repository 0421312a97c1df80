import * as pep440 from '@renovatebot/pep440';
import { z } from 'zod';
import { ADVISORY_SEVERITIES, type AdvisoryRange, type AdvisorySeverity } from '../../db/schema/advisories.ts';
import type { AdvisoryInput } from './advisory-input.ts';

// How a document of an OSV export (osv.dev's PyPI all.zip, a GHSA/PYSEC/MAL dump) becomes one of our
// advisories. Only its PyPI entries are kept: other ecosystems are no pack's dependency here.

const Event = z.object({
  introduced: z.string().optional(),
  fixed: z.string().optional(),
  last_affected: z.string().optional(),
  limit: z.string().optional(),
});

export const OsvImportDocument = z.object({
  id: z.string().min(1).max(200),
  modified: z.string(),
  withdrawn: z.string().optional(),
  aliases: z.array(z.string()).nullish(),
  summary: z.string().nullish(),
  details: z.string().nullish(),
  affected: z
    .array(
      z.object({
        package: z.object({ ecosystem: z.string(), name: z.string() }).optional(),
        ranges: z.array(z.object({ type: z.string(), events: z.array(Event) })).nullish(),
        versions: z.array(z.string()).nullish(),
      }),
    )
    .nullish(),
  references: z.array(z.object({ type: z.string(), url: z.string() })).nullish(),
  database_specific: z.record(z.string(), z.unknown()).nullish(),
});
export type OsvImportDocument = z.infer<typeof OsvImportDocument>;

const REFERENCE_TYPES = new Set([
  'ADVISORY',
  'ARTICLE',
  'DETECTION',
  'DISCUSSION',
  'REPORT',
  'FIX',
  'INTRODUCED',
  'PACKAGE',
  'EVIDENCE',
  'WEB',
]);

/** OSV ranges are event lists: each `introduced` opens a range that the next `fixed`/`last_affected` closes. */
export function rangesOfEvents(events: z.infer<typeof Event>[]): AdvisoryRange[] {
  const ranges: AdvisoryRange[] = [];
  let open: AdvisoryRange | null = null;
  for (const event of events) {
    if (event.introduced !== undefined) {
      if (open) ranges.push(open);
      open = { introduced: event.introduced };
    } else if (open && event.fixed !== undefined) {
      ranges.push({ ...open, fixed: event.fixed });
      open = null;
    } else if (open && event.last_affected !== undefined) {
      ranges.push({ ...open, last_affected: event.last_affected });
      open = null;
    }
  }
  if (open) ranges.push(open);
  return ranges;
}

const readable = (version: string) => version === '0' || pep440.valid(version) !== null;

/** Upstream severity words, else MAL-… (malicious package reports) are critical and the rest moderate. */
function severityOf(doc: OsvImportDocument, malware: boolean): AdvisorySeverity {
  const given = String(doc.database_specific?.['severity'] ?? '').toUpperCase();
  if ((ADVISORY_SEVERITIES as readonly string[]).includes(given)) return given as AdvisorySeverity;
  return malware ? 'CRITICAL' : 'MODERATE';
}

/**
 * Our advisory for an OSV document, or null when it names no PyPI package. Versions PEP 440 cannot read are left
 * out (upstream lists carry a few), never the whole document; ranges that lose an end that way are dropped.
 */
export function advisoryFromOsv(doc: OsvImportDocument): AdvisoryInput | null {
  const affected = (doc.affected ?? [])
    .filter((entry) => entry.package?.ecosystem === 'PyPI')
    .map((entry) => ({
      ecosystem: 'PyPI' as const,
      package: entry.package!.name,
      ranges: (entry.ranges ?? [])
        .filter((range) => range.type === 'ECOSYSTEM')
        .flatMap((range) => rangesOfEvents(range.events))
        .filter((range) =>
          [range.introduced, range.fixed, range.last_affected].every((v) => v === undefined || readable(v)),
        ),
      versions: (entry.versions ?? []).filter((version) => pep440.valid(version) !== null),
    }))
    .filter((entry) => entry.ranges.length > 0 || entry.versions.length > 0);
  if (affected.length === 0) return null;
  const aliases = [...new Set([doc.id, ...(doc.aliases ?? [])])].slice(0, 50);
  const malware = aliases.some((alias) => alias.startsWith('MAL-'));
  const details = (doc.details ?? '').trim();
  const summary =
    (doc.summary ?? '').trim() || details.split('\n')[0]!.trim() || `${doc.id} in ${affected[0]!.package}`;
  return {
    summary: summary.slice(0, 200),
    details: details.slice(0, 20_000),
    severity: severityOf(doc, malware),
    kind: malware ? 'malware' : 'vulnerability',
    aliases,
    references: (doc.references ?? [])
      .filter((ref) => REFERENCE_TYPES.has(ref.type) && /^https?:\/\//.test(ref.url))
      .slice(0, 50),
    affected,
  };
}
