import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { UNDOABLE_ACTIONS } from '../../services/audit/actions.ts';
import { auditTargetOf, describeAuditTargets } from '../../services/audit/describe-targets.ts';
import { listAudit } from '../../services/audit/list-audit.ts';
import { countPages } from '../../../lib/paging.ts';
import { instantParam, optionalText, pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { pagingFields } from './schemas.ts';

const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    actor: z.object({
      kind: z.string(),
      id: z.string().optional(),
      email: z.string().optional(),
      name: z.string().optional(),
    }),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    target: z
      .object({
        name: z.string().nullable().openapi({ description: 'Node or publisher name, account e-mail, …' }),
        node_id: z.string().nullable().openapi({ description: 'The node of a node, version or report target.' }),
        version: z.string().nullable().openapi({ description: 'The version number of a version target.' }),
      })
      .nullable()
      .openapi({ description: 'The target in words (null for kinds without a name, or a record since deleted).' }),
    before: z.unknown(),
    after: z.unknown(),
    created_at: z.string(),
    undone: z.boolean(),
    undoable: z.boolean().openapi({ description: 'An admin action of a kind that undo can reverse.' }),
  })
  .openapi('AuditEntry');

const route = createRoute({
  method: 'get',
  path: '/admin/audit-log',
  operationId: 'adminListAuditLog',
  tags: ['Admin'],
  summary: 'The audit log, newest first (admins)',
  description:
    'Filters: `actor` (user id or part of the e-mail), `target_type`, `target_id`, `action` (exact, or a ' +
    'prefix ending in "." such as `node.`), `from` (inclusive) and `to` (exclusive) RFC 3339 instants.',
  security: bearerSecurity,
  request: {
    query: z.object({
      page: pageParam,
      limit: pageSizeParam(50),
      actor: optionalText,
      target_type: optionalText,
      target_id: optionalText,
      action: optionalText,
      from: instantParam,
      to: instantParam,
    }),
  },
  responses: {
    200: {
      description: 'A page of audit entries',
      content: {
        'application/json': {
          schema: z.object({ entries: z.array(AuditEntrySchema), ...pagingFields }).openapi('AuditLogPage'),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

export function registerAdminListAuditLog(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid('query');
    const paging = { page: query.page, limit: query.limit };
    const { db } = c.get('services');
    const result = await listAudit(db, {
      ...paging,
      actor: query.actor,
      targetType: query.target_type,
      targetId: query.target_id,
      action: query.action,
      from: query.from,
      to: query.to,
    });
    const targets = await describeAuditTargets(
      db,
      result.rows.map((row) => row.entry),
    );
    const entries = result.rows.map(({ entry, actorEmail, actorName, undone }) => {
      const target = auditTargetOf(targets, entry.targetType, entry.targetId);
      return {
        id: entry.id,
        actor: {
          kind: entry.actorKind,
          ...(entry.actorUserId ? { id: entry.actorUserId } : {}),
          ...(actorEmail ? { email: actorEmail } : {}),
          ...(actorName ? { name: actorName } : {}),
        },
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        target: target && { name: target.name, node_id: target.nodeId, version: target.version },
        before: entry.before,
        after: entry.after,
        created_at: entry.createdAt.toISOString(),
        undone,
        undoable: UNDOABLE_ACTIONS.has(entry.action),
      };
    });
    return c.json({ entries, total: result.total, ...paging, totalPages: countPages(result.total, paging.limit) }, 200);
  });
}
