import { z } from '@hono/zod-openapi';
import { REPORT_REASONS, REPORT_STATUSES } from '../../services/reports/report-values.ts';

/** Longest free-text explanation a reporter (or an admin's note) may send: enough for a paragraph and a link list. */
export const REPORT_TEXT_MAX = 2000;

const reasonMessage = `reason must be one of: ${REPORT_REASONS.join(', ')}.`;

export const CreateReportBody = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: reasonMessage }).openapi({ description: 'Why the pack is reported.' }),
    details: z
      .string({ error: 'details must be text.' })
      .trim()
      .max(REPORT_TEXT_MAX, `details may be at most ${REPORT_TEXT_MAX} characters.`)
      .default('')
      .openapi({ description: 'What you saw (optional, plain text).' }),
    version: z
      .string({ error: 'version must be text.' })
      .trim()
      .min(1, 'version must not be empty.')
      .max(100, 'version is too long.')
      .optional()
      .openapi({ description: 'Report this version of the node instead of the whole pack.', example: '1.2.0' }),
  })
  .openapi('CreatePackReport');

export const CreatedReportSchema = z
  .object({ id: z.string().openapi({ format: 'uuid' }) })
  .openapi('PackReportCreated');

export const ReportIdParams = z.object({
  reportId: z
    .uuid({ error: 'reportId must be a report id (UUID).' })
    .openapi({ param: { name: 'reportId', in: 'path' } }),
});

export const ReportListQuery = z.object({
  status: z.enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(', ')}.` }).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const AdminReportSchema = z
  .object({
    id: z.string(),
    node_id: z.string(),
    node_name: z.string(),
    publisher_id: z.string(),
    version: z.string().nullable(),
    reason: z.string(),
    details: z.string(),
    status: z.enum(REPORT_STATUSES),
    resolution_note: z.string(),
    reporter: z
      .object({ id: z.string(), email: z.string().nullable(), trusted: z.boolean() })
      .openapi({ description: 'Admins only. `trusted`: a trusted reporter (their reports can quarantine).' }),
    quarantined: z
      .object({ version: z.string(), since: z.string().openapi({ format: 'date-time' }) })
      .nullable()
      .openapi({
        description:
          'The pack’s version that reports quarantined, waiting for a decision (POST ' +
          '/admin/nodes/{nodeId}/versions/{versionNumber}/quarantine); such reports come first in the open queue.',
      }),
    resolved_by: z.string().nullable(),
    resolved_at: z.string().nullable().openapi({ format: 'date-time' }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('AdminPackReport');

export const AdminReportListSchema = z.object({ reports: z.array(AdminReportSchema) }).openapi('AdminPackReportList');

export const DecideReportBody = z
  .object({
    decision: z.enum(['resolved', 'dismissed'], { error: 'decision must be resolved or dismissed.' }),
    note: z
      .string({ error: 'note must be text.' })
      .trim()
      .max(REPORT_TEXT_MAX, `note may be at most ${REPORT_TEXT_MAX} characters.`)
      .default(''),
  })
  .openapi('DecidePackReport');
