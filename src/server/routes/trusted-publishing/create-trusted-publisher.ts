import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { requireVerifiedUser } from '../../auth/viewer.ts';
import { addTrustedPublisher } from '../../services/trusted-publishing/manage-trusted-publishers.ts';
import { PublisherParams } from '../publishers/schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { CreateTrustedPublisherBody, TrustedPublisherSchema } from './schemas.ts';
import { toApiTrustedPublisher } from './trusted-publisher-view.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/trusted-publishers',
  operationId: 'createTrustedPublisher',
  tags: ['Trusted publishing'],
  summary: 'Let a CI workflow publish a node (owners only)',
  description:
    'For an existing node of this publisher or, pending, a node id not created yet (403 `node_owned_elsewhere` ' +
    "for another publisher's node). 400 `oidc_unknown_issuer` for an issuer this registry does not accept, " +
    '`invalid_ref_pattern` for a bad ref pattern, 403 `email_not_verified` without a verified address. Audited.',
  security: bearerSecurity,
  request: {
    params: PublisherParams,
    body: { required: true, content: { 'application/json': { schema: CreateTrustedPublisherBody } } },
  },
  responses: {
    201: { description: 'Registered', content: { 'application/json': { schema: TrustedPublisherSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerCreateTrustedPublisher(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, publisher } = await authorizePublisher(
      c,
      c.req.valid('param').publisherId,
      'trusted_publishers.manage',
    );
    // Like minting a token (what a registration amounts to): a verified address first.
    await requireVerifiedUser(c);
    const body = c.req.valid('json');
    const { row, pending } = await addTrustedPublisher(c.get('services'), viewer, publisher, {
      nodeId: body.node_id,
      issuer: body.issuer ?? undefined,
      repository: body.repository,
      repositoryId: body.repository_id ?? undefined,
      repositoryOwnerId: body.repository_owner_id ?? undefined,
      workflow: body.workflow,
      environment: body.environment ?? undefined,
      refPattern: body.ref_pattern ?? undefined,
    });
    return c.json(toApiTrustedPublisher(row, pending), 201);
  });
}
