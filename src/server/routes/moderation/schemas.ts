import { z } from '@hono/zod-openapi';
import { NodeVersionStatusSchema } from '../schemas.ts';
import { PublisherNodeParams } from '../publishers/schemas.ts';

export const VersionNumberParams = PublisherNodeParams.extend({
  version: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'version', in: 'path' }, example: '1.0.0' }),
});

export const FindingSchema = z
  .object({
    rule_id: z.string(),
    severity: z.enum(['low', 'medium', 'high', 'critical']),
    file: z.string(),
    line: z.number().int().nullable(),
    snippet: z.string(),
    message: z.string().openapi({ description: 'English text; clients translate by `rule_id`.' }),
    ruleset_version: z.string(),
  })
  .openapi('ScanFinding');

export const ReviewRequestSchema = z
  .object({
    message: z.string(),
    created_at: z.string(),
    open: z.boolean().openapi({ description: 'True until an admin decides or the version is rescanned.' }),
  })
  .openapi('ReviewRequest');

export const StatusReasonSchema = z
  .object({
    source: z.enum(['none', 'scan', 'scan_failed', 'upload', 'moderator']).openapi({
      description:
        'Who set the status: the automated `scan` (see `findings`), a `scan_failed`, the `upload` check, or a `moderator`.',
    }),
    text: z.string().nullable().openapi({
      description: "A moderator's reason as written, or the upload check's explanation; null for the scanner.",
    }),
  })
  .openapi('StatusReason');

export const VersionFindingsSchema = z
  .object({
    node_id: z.string(),
    version: z.string(),
    status: NodeVersionStatusSchema,
    status_reason: z
      .string()
      .openapi({ description: 'English summary, kept for old clients; use `reason` and `findings`.' }),
    reason: StatusReasonSchema,
    review_request: ReviewRequestSchema.nullable().openapi({ description: 'The latest review request, if any.' }),
    scan: z
      .object({
        outcome: z.string(),
        ruleset_version: z.string(),
        scanned_at: z.string(),
        files_scanned: z.number().int(),
        skipped: z.number().int(),
        error: z.string().nullable().openapi({ description: 'Why the scan failed (outcome `failed`), else null.' }),
      })
      .nullable()
      .openapi({ description: 'The last scan, or null when none has run yet.' }),
    scan_queued: z.boolean(),
    findings: z.array(FindingSchema),
  })
  .openapi('VersionFindings');
