import { z } from '@hono/zod-openapi';
import { CAPABILITY_KINDS } from '../../analysis/capabilities/capability.ts';

/** `?from=`: the version to compare with (a version string; "v1.2" is normalized like on publish). */
export const ChangesQuery = z.object({
  from: z
    .string()
    .trim()
    .min(1, 'from: name the version to compare with, e.g. ?from=1.0.0')
    .max(100)
    .openapi({ param: { name: 'from', in: 'query' }, example: '1.0.0', description: 'The version to compare with.' }),
});

/**
 * The publisher's `?from=`: optional. Without it the comparison is with the previous Active version
 * (the highest Active, not yanked, below this one), the version HOLD_ON_GAINED_CAPABILITIES compares with.
 */
export const PublisherChangesQuery = z.object({
  from: z
    .string()
    .trim()
    .min(1, 'from: name the version to compare with, e.g. ?from=1.0.0, or leave it out')
    .max(100)
    .optional()
    .openapi({
      param: { name: 'from', in: 'query' },
      example: '1.0.0',
      description:
        'The version to compare with. Left out: the previous Active version (the highest Active, not yanked, ' +
        'below this one; the one the capability hold compares with); 404 `no_previous_version` when there is none.',
    }),
});

export const VersionPathParam = z
  .string()
  .min(1)
  .max(100)
  .openapi({ param: { name: 'version', in: 'path' }, example: '1.1.0' });

const Place = z.object({ file: z.string(), line: z.number().int().nullable(), snippet: z.string() });

const CapabilityChange = z.object({
  kind: z.enum(CAPABILITY_KINDS),
  count: z.number().int().openapi({ description: 'Every place that shows it (only the first 20 are listed).' }),
  places: z.array(Place),
});

export const VersionChangesSchema = z
  .object({
    node_id: z.string(),
    version: z.string(),
    from: z.string(),
    files: z
      .object({
        added: z.number().int(),
        removed: z.number().int(),
        changed: z.number().int(),
        unchanged: z.number().int(),
        added_files: z.array(z.string()),
        removed_files: z.array(z.string()),
        changed_files: z.array(z.string()),
        truncated: z.boolean().openapi({ description: 'A list stops at 500 names; the counts are complete.' }),
      })
      .nullable()
      .openapi({ description: 'Null when either archive is missing or unreadable.' }),
    findings: z
      .array(
        z.object({
          rule_id: z.string(),
          severity: z.string(),
          added: z.array(Place),
          removed: z.array(Place),
        }),
      )
      .nullable()
      .openapi({ description: 'Rules whose findings changed; null until both versions are scanned.' }),
    capabilities: z
      .object({
        gained: z.array(CapabilityChange).openapi({ description: 'Kinds only `version` has, with its places.' }),
        lost: z.array(CapabilityChange).openapi({ description: 'Kinds only `from` had, with its places.' }),
      })
      .nullable()
      .openapi({ description: 'Null until both versions have a capability summary (rescan or backfill).' }),
  })
  .openapi('VersionChanges');

export const CHANGES_DESCRIPTION =
  'Files added, removed and changed (from the two archives’ entry names, CRC-32s and sizes), scan findings ' +
  'added and removed by rule (a finding is the same when its rule, file and line text match), and capabilities ' +
  'gained and lost (network, subprocess, runtime_install, dynamic_code, http_routes, native_binaries, ' +
  'file_writes_outside, env_reads; docs/moderation.md), each with file and line. 404 `version_not_found` for a ' +
  'version or `from` that does not exist (or is not visible), 400 `same_version` when both are the same.';
