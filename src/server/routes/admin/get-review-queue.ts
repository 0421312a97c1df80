import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { reviewQueue } from '../../services/moderation/review-queue.ts';
import { countPages } from '../../../lib/paging.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { optionalText, pageParam, pageSizeParam } from '../nodes/query-params.ts';
import {
  bearerSecurity,
  errorResponses,
  NodeVersionSchema,
  NodeVersionStatusSchema,
  repeatedQuery,
} from '../schemas.ts';
import { pagingFields } from './schemas.ts';

const FindingSchema = z.object({
  rule_id: z.string(),
  severity: z.string(),
  line: z.number().int().nullable(),
  snippet: z.string(),
  message: z.string(),
  knownInPreviousVersion: z.boolean(),
});

const QueueItemSchema = z
  .object({
    version: NodeVersionSchema,
    node: z.object({
      id: z.string(),
      name: z.string(),
      publisher_id: z.string(),
      repository: z.string().optional(),
      status: z.string(),
    }),
    previous_approved_version: z.string().nullable(),
    scan: z
      .object({
        outcome: z.string(),
        ruleset_version: z.string(),
        scanned_at: z.string(),
        error: z.string().nullable().openapi({ description: 'Why the scan failed (outcome `failed`), else null.' }),
      })
      .nullable(),
    finding_count: z.number().int(),
    files: z.array(z.object({ file: z.string(), findings: z.array(FindingSchema) })),
    review_request: z
      .object({ message: z.string(), requested_by: z.string().nullable(), created_at: z.string() })
      .nullable()
      .openapi({ description: "The publisher's open request for another look, with their message (Nodeyard)." }),
  })
  .openapi('ReviewQueueItem');

const route = createRoute({
  method: 'get',
  path: '/admin/review-queue',
  operationId: 'adminGetReviewQueue',
  tags: ['Admin'],
  summary: 'Versions waiting for review, with their scan findings (admins)',
  description:
    'Pending and Flagged versions by default (`statuses` repeatable), oldest first, optionally of one `nodeId`. ' +
    'Findings are grouped by file; `knownInPreviousVersion` marks a finding (same rule, file and snippet) that ' +
    "the node's previously approved version already had.",
  security: bearerSecurity,
  request: {
    query: z.object({
      page: pageParam,
      limit: pageSizeParam(10, 50),
      statuses: repeatedQuery(NodeVersionStatusSchema),
      nodeId: optionalText,
    }),
  },
  responses: {
    200: {
      description: 'A page of the queue',
      content: {
        'application/json': {
          schema: z.object({ items: z.array(QueueItemSchema), ...pagingFields }).openapi('ReviewQueuePage'),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

export function registerAdminGetReviewQueue(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid('query');
    const { db, config } = c.get('services');
    const paging = { page: query.page, limit: query.limit };
    const result = await reviewQueue(db, { ...paging, statuses: query.statuses, nodeId: query.nodeId });
    const items = result.items.map((item) => ({
      version: toApiNodeVersion(item.version, {
        config,
        hasArchive: item.hasArchive,
        sha256: item.sha256,
        includeStatusReason: true,
      }),
      node: {
        id: item.node.id,
        name: item.node.name,
        publisher_id: item.node.publisherId,
        ...(item.node.repository ? { repository: item.node.repository } : {}),
        status: item.node.status,
      },
      previous_approved_version: item.previousApprovedVersion,
      scan: item.scan
        ? {
            outcome: item.scan.outcome,
            ruleset_version: item.scan.rulesetVersion,
            scanned_at: item.scan.scannedAt.toISOString(),
            error: item.scan.error,
          }
        : null,
      finding_count: item.files.reduce((sum, file) => sum + file.findings.length, 0),
      files: item.files,
      review_request: item.reviewRequest && {
        message: item.reviewRequest.message,
        requested_by: item.reviewRequest.requestedBy,
        created_at: item.reviewRequest.createdAt.toISOString(),
      },
    }));
    return c.json({ items, total: result.total, ...paging, totalPages: countPages(result.total, paging.limit) }, 200);
  });
}
