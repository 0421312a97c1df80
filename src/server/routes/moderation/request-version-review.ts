import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { forbidden } from '../../errors.ts';
import { getVersionByNumber } from '../../services/moderation/find-version.ts';
import { requestReview } from '../../services/moderation/review-requests.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { assertNodeWritable, getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { ReviewRequestSchema, VersionNumberParams } from './schemas.ts';

const Body = z
  .object({
    message: z.string().trim().min(1).max(2000).openapi({
      description: 'What the publisher wants the moderators to know (why the finding is safe, what changed).',
    }),
  })
  .openapi('ReviewRequestInput');

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/review-requests',
  operationId: 'requestNodeVersionReview',
  tags: ['Moderation'],
  summary: 'Ask the moderators to review a Flagged or Banned version again (owners and members)',
  description:
    'Nodeyard extension. One open request per version (409 `review_already_requested`); it stays open until an ' +
    'admin decides or the version is rescanned. Only Flagged and Banned versions (409 `review_not_applicable`). ' +
    "Admins see the open request in the review queue. Admins without a role on the publisher get 403: they decide, they don't ask.",
  security: bearerSecurity,
  request: {
    params: VersionNumberParams,
    body: { required: true, content: { 'application/json': { schema: Body } } },
  },
  responses: {
    201: { description: 'Review requested', content: { 'application/json': { schema: ReviewRequestSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerRequestVersionReview(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId, version: number } = c.req.valid('param');
    const { viewer, publisher, role } = await authorizePublisher(c, publisherId, 'version.update');
    if (!role) throw forbidden(`Only members of publisher "${publisher.id}" can request a review.`, 'not_a_member');
    const { db, clock } = c.get('services');
    const node = await getPublisherNode(db, publisher, nodeId);
    assertNodeWritable(node, viewer);
    const version = await getVersionByNumber(db, node, number);
    const created = await requestReview(db, viewer, version, c.req.valid('json').message, clock.now());
    return c.json({ message: created.message, created_at: created.createdAt.toISOString(), open: true }, 201);
  });
}
