import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { getAdminNode } from '../../services/nodes/admin-node.ts';
import { decideQuarantine } from '../../services/quarantine/decide-quarantine.ts';
import { ReasonField, VersionNumberParams } from '../admin/schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const DecideQuarantineBody = z
  .object({
    decision: z.enum(['release', 'ban'], { error: 'decision must be release or ban.' }),
    reason: ReasonField.default('').openapi({
      description: 'Why (kept in the audit entry; a ban’s reason becomes the version’s status reason).',
    }),
  })
  .openapi('AdminDecideQuarantine');

const route = createRoute({
  method: 'post',
  path: '/admin/nodes/{nodeId}/versions/{versionNumber}/quarantine',
  operationId: 'adminDecideQuarantine',
  tags: ['Admin'],
  summary: 'Release or ban a version that reports quarantined (admins)',
  description:
    '`release`: the version is installable again and back in "latest", and reports never quarantine it again. ' +
    '`ban`: the version is Banned. Audited (`version.quarantine_release` / `version.quarantine_ban`); answers ' +
    'that audit entry’s id, which POST /admin/undo takes to quarantine it again. A version that is not ' +
    'quarantined (any more) answers 409 `not_quarantined`.',
  security: bearerSecurity,
  request: {
    params: VersionNumberParams,
    body: { required: true, content: { 'application/json': { schema: DecideQuarantineBody } } },
  },
  responses: {
    200: {
      description: 'Decided',
      content: {
        'application/json': {
          schema: z
            .object({
              decision: z.enum(['release', 'ban']),
              audit_entry_id: z.number().int().openapi({ description: 'Undo it with POST /admin/undo.' }),
            })
            .openapi('AdminQuarantineDecision'),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerDecideQuarantine(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock } = c.get('services');
    const { nodeId, versionNumber } = c.req.valid('param');
    const { decision, reason } = c.req.valid('json');
    const node = await getAdminNode(db, nodeId);
    const entry = await decideQuarantine(db, {
      admin,
      nodeId: node.id,
      version: versionNumber,
      decision,
      reason,
      now: clock.now(),
    });
    return c.json({ decision, audit_entry_id: entry }, 200);
  });
}
