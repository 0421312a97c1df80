import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import { forbidden } from '../../errors.ts';
import { listNodeCollisions } from '../../services/moderation/list-node-collisions.ts';
import { findRole, getPublisherOr404 } from '../../services/publishers/access.ts';
import { getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { PublisherNodeParams } from '../admin/schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

// Nodeyard extension: the publisher's view of the class-name collisions the upload pipeline recorded,
// for every version (pending and flagged ones too, which the public node page does not show).
const CollisionsSchema = z
  .object({
    versions: z.array(
      z.object({
        version_id: z.string(),
        version: z.string(),
        packs: z.array(z.object({ node_id: z.string(), node_name: z.string(), classes: z.array(z.string()) })),
      }),
    ),
  })
  .openapi('NodeCollisions');

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/nodes/{nodeId}/collisions',
  operationId: 'listNodeClassCollisions',
  tags: ['Publishers'],
  summary: "Node classes of this node's versions that other packs also define (publisher members, admins)",
  description: 'Only versions with at least one collision are listed. ComfyUI loads one class per name.',
  security: bearerSecurity,
  request: { params: PublisherNodeParams },
  responses: {
    200: { description: 'Collisions by version', content: { 'application/json': { schema: CollisionsSchema } } },
    ...errorResponses(401, 403, 404),
  },
});

export function registerListNodeCollisions(app: App) {
  app.openapi(route, async (c) => {
    const viewer = await requireUser(c);
    const { db } = c.get('services');
    const { publisherId, nodeId } = c.req.valid('param');
    const publisher = await getPublisherOr404(db, publisherId);
    // A read: any member (or an admin) may see it, banned accounts included, like the version list.
    if (!viewer.isAdmin && !(await findRole(db, publisher.id, viewer.id))) {
      throw forbidden(`You are not a member of publisher "${publisher.id}".`, 'not_a_member');
    }
    const node = await getPublisherNode(db, publisher, nodeId);
    const versions = await listNodeCollisions(db, node.id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        versions: versions.map((v) => ({
          version_id: v.versionId,
          version: v.version,
          packs: v.packs.map((p) => ({ node_id: p.nodeId, node_name: p.name, classes: p.classes })),
        })),
      },
      200,
    );
  });
}
