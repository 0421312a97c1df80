import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { exchangeOidcToken } from '../../services/trusted-publishing/exchange.ts';
import { errorResponses } from '../schemas.ts';

const ExchangeBody = z
  .object({
    token: z.string().min(1).max(16_384).openapi({ description: 'The CI job’s OIDC identity token (a JWT).' }),
  })
  .openapi('TrustedPublishingExchangeRequest');

const ExchangeResponse = z
  .object({
    token: z.string().openapi({
      description: 'Publishes the matched nodes for 15 minutes: pass it to `comfy node publish --token`.',
    }),
    expires_at: z.string(),
    nodes: z.array(z.object({ publisher_id: z.string(), node_id: z.string() })),
  })
  .openapi('TrustedPublishingExchangeResponse');

const route = createRoute({
  method: 'post',
  path: '/trusted-publishing/exchange',
  operationId: 'exchangeTrustedPublishingToken',
  tags: ['Trusted publishing'],
  summary: 'Exchange a CI identity token for a short-lived publish token',
  description:
    'No account: the OIDC token is the proof. It must come from an accepted issuer (401 `oidc_unknown_issuer`), ' +
    'verify with its published keys (401 `oidc_bad_signature`), carry our audience (401 `oidc_wrong_audience`), ' +
    'be within exp/nbf (401 `oidc_token_expired` / `oidc_token_not_yet_valid`), match a registered trusted ' +
    'publisher (403 `oidc_no_matching_publisher`, naming the claim that differs) and not have been exchanged ' +
    'before (401 `oidc_token_replayed`). 503 `oidc_issuer_unavailable` when the issuer’s keys cannot be fetched. ' +
    'docs/publishing.md § Trusted publishing.',
  request: { body: { required: true, content: { 'application/json': { schema: ExchangeBody } } } },
  responses: {
    201: { description: 'A publish token', content: { 'application/json': { schema: ExchangeResponse } } },
    ...errorResponses(400, 401, 403, 503),
  },
});

export function registerExchangeOidcToken(app: App) {
  app.openapi(route, async (c) => {
    const result = await exchangeOidcToken(c.get('services'), c.req.valid('json').token);
    return c.json(
      {
        token: result.secret,
        expires_at: result.expiresAt.toISOString(),
        nodes: result.nodes.map((node) => ({ publisher_id: node.publisherId, node_id: node.nodeId })),
      },
      201,
    );
  });
}
