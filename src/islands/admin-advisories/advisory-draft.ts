import type { ApiSchema } from '../../lib/api/types.ts';

// The admin form's editable copy of an advisory, and the conversions between it, the OSV document the API lists and
// the request it takes. The form edits one range per affected entry; any further ranges of an advisory (imported
// ones may have several) are kept as they are, so an edit never drops what the form does not show.

type OsvAdvisory = ApiSchema<'OsvAdvisory'>;
export type AdvisoryRequest = ApiSchema<'AdvisoryRequest'>;
type Range = AdvisoryRequest['affected'][number]['ranges'][number];
export type Ecosystem = AdvisoryRequest['affected'][number]['ecosystem'];
export type Severity = AdvisoryRequest['severity'];
export type Kind = AdvisoryRequest['kind'];

export const SEVERITIES: readonly Severity[] = ['LOW', 'MODERATE', 'HIGH', 'CRITICAL'];
export const KINDS: readonly Kind[] = ['vulnerability', 'malware'];
export const ECOSYSTEMS: readonly Ecosystem[] = ['Nodeyard', 'PyPI'];

export interface AffectedDraft {
  ecosystem: Ecosystem;
  package: string;
  /** The first range's ends ('' = not given; "0", or empty with a fixed version, means "from the first version"). */
  introduced: string;
  fixed: string;
  /** Exact versions, separated by commas or spaces. */
  versions: string;
  /** Ranges after the first, untouched. */
  moreRanges: Range[];
}

export interface AdvisoryDraft {
  summary: string;
  details: string;
  severity: Severity;
  kind: Kind;
  /** Separated by commas or spaces. */
  aliases: string;
  references: AdvisoryRequest['references'];
  affected: AffectedDraft[];
}

export const emptyAffected = (ecosystem: Ecosystem = 'Nodeyard'): AffectedDraft => ({
  ecosystem,
  package: '',
  introduced: '',
  fixed: '',
  versions: '',
  moreRanges: [],
});

export const emptyDraft = (): AdvisoryDraft => ({
  summary: '',
  details: '',
  severity: 'HIGH',
  kind: 'vulnerability',
  aliases: '',
  references: [],
  affected: [emptyAffected()],
});

const words = (text: string) => text.split(/[\s,]+/).filter((word) => word.length > 0);

/** OSV's event list as ranges: each "introduced" opens one, the next "fixed" or "last_affected" closes it. */
export function rangesOfEvents(events: readonly Record<string, string>[]): Range[] {
  const ranges: Range[] = [];
  for (const event of events) {
    if (event['introduced'] !== undefined) ranges.push({ introduced: event['introduced'] });
    const open = ranges.at(-1);
    if (!open) continue;
    if (event['fixed'] !== undefined) open.fixed = event['fixed'];
    if (event['last_affected'] !== undefined) open.last_affected = event['last_affected'];
  }
  return ranges;
}

export function draftFromOsv(doc: OsvAdvisory): AdvisoryDraft {
  return {
    summary: doc.summary,
    details: doc.details,
    severity: doc.database_specific.severity,
    kind: doc.database_specific.kind,
    aliases: doc.aliases.join(', '),
    references: doc.references as AdvisoryRequest['references'],
    affected: doc.affected.map((entry) => {
      const ranges = (entry.ranges ?? []).flatMap((range) => rangesOfEvents(range.events));
      // A range closed by last_affected is not what the form's two fields say: it is kept whole instead.
      const editable = ranges[0]?.last_affected === undefined ? ranges[0] : undefined;
      return {
        ecosystem: entry.package.ecosystem,
        package: entry.package.name,
        introduced: editable?.introduced ?? '',
        fixed: editable?.fixed ?? '',
        versions: (entry.versions ?? []).join(', '),
        moreRanges: editable ? ranges.slice(1) : ranges,
      };
    }),
  };
}

/** The request body (the API checks every field and names the wrong ones). */
export function requestOfDraft(draft: AdvisoryDraft): AdvisoryRequest {
  return {
    summary: draft.summary,
    details: draft.details,
    severity: draft.severity,
    kind: draft.kind,
    aliases: words(draft.aliases),
    references: draft.references,
    affected: draft.affected.map((entry) => {
      const introduced = entry.introduced.trim();
      const fixed = entry.fixed.trim();
      const first: Range[] =
        introduced || fixed ? [{ introduced: introduced || '0', ...(fixed ? { fixed } : {}) }] : [];
      return {
        ecosystem: entry.ecosystem,
        package: entry.package.trim(),
        ranges: [...first, ...entry.moreRanges],
        versions: words(entry.versions),
      };
    }),
  };
}
