import type { AdvisoryEcosystem } from '../../db/schema/advisories.ts';
import type { AdvisoryRecord, AffectedRow } from './load-advisories.ts';

/** The OSV schema version the documents follow (tests/fixtures/osv/osv-schema.json, docs/advisories.md). */
export const OSV_SCHEMA_VERSION = '1.7.5';

/** A pack whose declared dependencies admit a range of a PyPI advisory (dependent-packs.ts). */
export interface DependentPack {
  pack: string;
  versions: string[];
}

// OSV timestamps are RFC 3339 in UTC with a Z; toISOString gives exactly that.
const timestamp = (date: Date) => date.toISOString();

/** Pack versions are semver (SEMVER ranges); Python ones are PEP 440, which OSV calls ECOSYSTEM order. */
const RANGE_TYPE: Record<AdvisoryEcosystem, 'SEMVER' | 'ECOSYSTEM'> = { Nodeyard: 'SEMVER', PyPI: 'ECOSYSTEM' };

function osvAffected(row: AffectedRow) {
  return {
    package: {
      ecosystem: row.ecosystem,
      name: row.package,
      ...(row.ecosystem === 'PyPI' ? { purl: `pkg:pypi/${row.package}` } : {}),
    },
    ...(row.ranges.length > 0
      ? {
          ranges: row.ranges.map((range) => ({
            type: RANGE_TYPE[row.ecosystem],
            events: [
              { introduced: range.introduced },
              ...(range.fixed !== undefined ? [{ fixed: range.fixed }] : []),
              ...(range.last_affected !== undefined ? [{ last_affected: range.last_affected }] : []),
            ],
          })),
        }
      : {}),
    ...(row.versions.length > 0 ? { versions: row.versions } : {}),
  };
}

/**
 * One advisory as an OSV document. What OSV has no field for goes in `database_specific`: the severity word, the
 * kind (malware blocks installs), the page's address, and for a Python-package advisory the packs depending on it.
 */
export function toOsv(
  record: AdvisoryRecord,
  options: { apiPublicUrl: string; dependentPacks?: DependentPack[] | undefined },
) {
  return {
    schema_version: OSV_SCHEMA_VERSION,
    id: record.id,
    modified: timestamp(record.modifiedAt),
    published: timestamp(record.publishedAt),
    ...(record.withdrawnAt ? { withdrawn: timestamp(record.withdrawnAt) } : {}),
    aliases: record.aliases,
    summary: record.summary,
    details: record.details,
    affected: record.affected.map(osvAffected),
    references: record.references,
    database_specific: {
      severity: record.severity,
      kind: record.kind,
      url: `${options.apiPublicUrl}/advisories/${record.id}`,
      ...(options.dependentPacks ? { dependent_packs: options.dependentPacks } : {}),
    },
  };
}

export type OsvDocument = ReturnType<typeof toOsv>;
