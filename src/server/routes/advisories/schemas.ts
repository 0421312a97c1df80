import { z } from '@hono/zod-openapi';
import { ADVISORY_ECOSYSTEMS, ADVISORY_KINDS, ADVISORY_SEVERITIES } from '../../services/advisories/advisory-values.ts';

// Request and response schemas of the advisory routes (docs/advisories.md). Documents are OSV JSON
// (https://ossf.github.io/osv-schema/); the feed's own fields follow the API's snake_case.

const versionText = z.string().trim().min(1, 'must not be empty').max(100);

const RangeSchema = z
  .object({
    introduced: versionText.openapi({ description: 'First affected version; "0" = from the first version on.' }),
    fixed: versionText.optional().openapi({ description: 'First version that is no longer affected.' }),
    last_affected: versionText.optional().openapi({ description: 'Last affected version (instead of fixed).' }),
  })
  .openapi('AdvisoryRange');

const AffectedSchema = z
  .object({
    ecosystem: z
      .enum(ADVISORY_ECOSYSTEMS)
      .openapi({ description: '"Nodeyard": a pack (semver); "PyPI": a Python package (PEP 440).' }),
    package: z.string().trim().min(1, 'must not be empty').max(200).openapi({ description: 'Pack id or PyPI name.' }),
    ranges: z.array(RangeSchema).max(50).default([]),
    versions: z.array(versionText).max(1000).default([]),
  })
  .openapi('AdvisoryAffected');

const ReferenceSchema = z.object({
  type: z.enum([
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
  ]),
  url: z.url({ protocol: /^https?$/ }).max(2048),
});

/** What an admin writes: the whole advisory (an edit replaces it). */
export const AdvisoryBody = z
  .object({
    summary: z.string().trim().min(1, 'must not be empty').max(200),
    details: z.string().trim().max(20_000).default(''),
    severity: z.enum(ADVISORY_SEVERITIES),
    kind: z
      .enum(ADVISORY_KINDS)
      .openapi({ description: 'malware: installs of affected pack versions are refused (403 advisory_blocked).' }),
    aliases: z
      .array(z.string().trim().min(1).max(100))
      .max(50)
      .default([])
      .openapi({ description: 'GHSA-…, CVE-…, PYSEC-…, MAL-… ids of the same problem.' }),
    references: z.array(ReferenceSchema).max(50).default([]),
    affected: z.array(AffectedSchema).min(1, 'name at least one pack or package').max(100),
  })
  .openapi('AdvisoryRequest');

export const FromBanBody = z
  .object({
    node_id: z.string().trim().min(1).max(200),
    version: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'The banned version; omitted: the banned pack.' }),
    summary: z.string().trim().min(1).max(200).optional(),
    details: z.string().trim().max(20_000).optional(),
  })
  .openapi('AdvisoryFromBanRequest');

/** What a malware ban offers to publish (GET /admin/advisories/from-ban). */
export const AdvisoryBanDraftSchema = z
  .object({
    draft: z.object({
      summary: z.string(),
      details: z.string(),
      severity: z.enum(ADVISORY_SEVERITIES),
      kind: z.enum(ADVISORY_KINDS),
      aliases: z.array(z.string()),
      references: z.array(z.object({ type: z.string(), url: z.string() })),
      affected: z.array(
        z.object({
          ecosystem: z.enum(ADVISORY_ECOSYSTEMS),
          package: z.string(),
          ranges: z.array(
            z.object({ introduced: z.string(), fixed: z.string().optional(), last_affected: z.string().optional() }),
          ),
          versions: z.array(z.string()),
        }),
      ),
    }),
    existing: z.lazy(() => OsvAdvisorySchema).optional(),
  })
  .openapi('AdvisoryBanDraft');

export const AdvisoryIdParams = z.object({
  advisoryId: z
    .string()
    .regex(/^NYSA-\d{4}-\d{4,}$/i, 'an advisory id looks like NYSA-2026-0001')
    .openapi({ param: { name: 'advisoryId', in: 'path' }, example: 'NYSA-2026-0001' }),
});

/** An OSV document (validated against the OSV schema in tests; described loosely here). */
export const OsvAdvisorySchema = z
  .object({
    schema_version: z.string(),
    id: z.string(),
    modified: z.string(),
    published: z.string(),
    withdrawn: z.string().optional(),
    aliases: z.array(z.string()),
    summary: z.string(),
    details: z.string(),
    affected: z.array(
      z.object({
        package: z.object({ ecosystem: z.enum(ADVISORY_ECOSYSTEMS), name: z.string(), purl: z.string().optional() }),
        ranges: z
          .array(z.object({ type: z.enum(['SEMVER', 'ECOSYSTEM']), events: z.array(z.record(z.string(), z.string())) }))
          .optional(),
        versions: z.array(z.string()).optional(),
      }),
    ),
    references: z.array(z.object({ type: z.string(), url: z.string() })),
    database_specific: z.object({
      severity: z.enum(ADVISORY_SEVERITIES),
      kind: z.enum(ADVISORY_KINDS),
      url: z.string(),
      dependent_packs: z
        .array(z.object({ pack: z.string(), versions: z.array(z.string()) }))
        .optional()
        .openapi({
          description: 'Packs whose declared dependencies admit an affected PyPI version (single documents).',
        }),
    }),
  })
  .openapi('OsvAdvisory');

export const AdvisoryListSchema = z
  .object({
    advisories: z.array(OsvAdvisorySchema),
    next_cursor: z
      .string()
      .optional()
      .openapi({ description: 'Pass as `cursor` for the next page; absent on the last.' }),
  })
  .openapi('AdvisoryList');

const QueryItemSchema = z.union([
  z.object({ pack: z.string().trim().min(1).max(200), version: versionText }),
  z.object({ pypi: z.string().trim().min(1).max(200), version: versionText }),
]);

export const QUERY_BATCH_MAX = 1000;

export const AdvisoryQueryBody = z
  .object({ queries: z.array(QueryItemSchema).min(1).max(QUERY_BATCH_MAX) })
  .openapi('AdvisoryQueryRequest');

const QueryHitSchema = z.object({
  id: z.string(),
  modified: z.string(),
  summary: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  kind: z.enum(ADVISORY_KINDS),
});

export const AdvisoryQueryResponse = z
  .object({ results: z.array(z.object({ vulns: z.array(QueryHitSchema) })) })
  .openapi('AdvisoryQueryResponse');
