import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { DEFAULT_TRUSTED_PUBLISHING } from '../../services/trusted-publishing/issuers.ts';
import { listTrustedPublishers } from '../../services/trusted-publishing/manage-trusted-publishers.ts';
import { PublisherParams } from '../publishers/schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { TrustedPublisherListSchema } from './schemas.ts';
import { toApiTrustedPublisher } from './trusted-publisher-view.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/trusted-publishers',
  operationId: 'listTrustedPublishers',
  tags: ['Trusted publishing'],
  summary: "The CI workflows that may publish this publisher's nodes (owners and admins)",
  description: 'Pending ones (for a node id not created yet) included; also each node’s require_trusted_publishing.',
  security: bearerSecurity,
  request: { params: PublisherParams },
  responses: {
    200: { description: 'Trusted publishers', content: { 'application/json': { schema: TrustedPublisherListSchema } } },
    ...errorResponses(401, 403, 404),
  },
});

export function registerListTrustedPublishers(app: App) {
  app.openapi(route, async (c) => {
    const { publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'trusted_publishers.read');
    const services = c.get('services');
    const { registrations, nodes } = await listTrustedPublishers(services.db, publisher);
    const config = services.config.trustedPublishing ?? DEFAULT_TRUSTED_PUBLISHING;
    return c.json(
      {
        trusted_publishers: registrations.map(({ row, pending }) => toApiTrustedPublisher(row, pending)),
        nodes: nodes.map((node) => ({ id: node.id, require_trusted_publishing: node.requireTrustedPublishing })),
        issuers: config.issuers.map((issuer) => issuer.issuer),
      },
      200,
    );
  });
}
