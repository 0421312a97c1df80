import type {
  AdvisoryEcosystem,
  AdvisoryKind,
  AdvisoryRange,
  AdvisoryReference,
  AdvisorySeverity,
} from '../../db/schema/advisories.ts';

/** A range as a request states it (optional ends may be present but undefined). */
export interface RangeInput {
  introduced: string;
  fixed?: string | undefined;
  last_affected?: string | undefined;
}

/** What an advisory affects, as an admin or an OSV import states it (before ids and names are made canonical). */
export interface AffectedInput {
  ecosystem: AdvisoryEcosystem;
  package: string;
  ranges: RangeInput[];
  versions: string[];
}

/** An affected entry after check-affected.ts: canonical name, ranges without empty ends. */
export interface CheckedAffected extends AffectedInput {
  ranges: AdvisoryRange[];
}

/** Everything of an advisory but its id and dates. */
export interface AdvisoryInput {
  summary: string;
  details: string;
  severity: AdvisorySeverity;
  kind: AdvisoryKind;
  aliases: string[];
  references: AdvisoryReference[];
  affected: AffectedInput[];
}
