import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { ADMIN_ACTIONS } from '../../services/audit/actions.ts';
import { NODE_EDIT_POLICIES } from '../../services/nodes/node-edit-policy.ts';
import { updateNode } from '../../services/nodes/update-node.ts';
import { getPublisherOr404 } from '../../services/publishers/access.ts';
import { getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { conflict } from '../../errors.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { BanBody, PublisherNodeParams } from './schemas.ts';

const body = { required: false, content: { 'application/json': { schema: BanBody } } };

const banRoute = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/ban',
  operationId: 'BanPublisherNode',
  tags: ['Admin'],
  summary: "Ban a publisher's node (admins)",
  description:
    'The node leaves lists and search, and its detail, versions and install routes answer 403. A node of ' +
    'another publisher is a 404 (upstream answered 204 and did nothing). Idempotent. Optional body `{reason}`, kept as the ' +
    "node's `status_detail` (its publisher sees it); unbanning clears it.",
  security: bearerSecurity,
  request: { params: PublisherNodeParams, body },
  responses: { 204: { description: 'Node banned' }, ...errorResponses(400, 401, 403, 404) },
});

const unbanRoute = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/unban',
  operationId: 'unbanPublisherNode',
  tags: ['Admin'],
  summary: "Lift a node's ban (admins)",
  description: 'Idempotent. A node of a banned publisher stays banned until the publisher is unbanned (409).',
  security: bearerSecurity,
  request: { params: PublisherNodeParams, body },
  responses: { 204: { description: 'Node unbanned' }, ...errorResponses(400, 401, 403, 404, 409) },
});

export function registerBanPublisherNode(app: App) {
  for (const [route, status, action] of [
    [banRoute, 'NodeStatusBanned', ADMIN_ACTIONS.nodeBan],
    [unbanRoute, 'NodeStatusActive', ADMIN_ACTIONS.nodeUnban],
  ] as const) {
    app.openapi(route, async (c) => {
      const admin = await requireAdmin(c);
      const { db, clock } = c.get('services');
      const { publisherId, nodeId } = c.req.valid('param');
      const publisher = await getPublisherOr404(db, publisherId);
      const node = await getPublisherNode(db, publisher, nodeId);
      if (status === 'NodeStatusActive' && publisher.status === 'PublisherStatusBanned') {
        throw conflict(`Publisher "${publisher.id}" is banned: unban the publisher first.`, 'publisher_banned');
      }
      const reason = (c.req.valid('json') as { reason?: string } | undefined)?.reason;
      // The reason becomes the node's status_detail, so its publisher reads why in the dashboard; a ban without a
      // reason keeps the one given before, and unbanning clears it.
      const changes =
        status === 'NodeStatusBanned'
          ? { status, ...(reason ? { status_detail: reason } : {}) }
          : { status, status_detail: null };
      await updateNode(db, {
        actor: admin,
        node,
        changes,
        policy: NODE_EDIT_POLICIES.admin,
        now: clock.now(),
        action,
        extras: reason ? { reason } : {},
      });
      return c.body(null, 204);
    });
  }
}
