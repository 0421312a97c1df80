import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { requireOAuthConfig } from '../../services/github-oauth/oauth-errors.ts';
import { callbackUrl, languageOf, parseOrigin } from '../../services/github-oauth/redirect-uri.ts';
import { startRoundTrip } from '../../services/github-oauth/start-round-trip.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { StartOAuthBody, StartOAuthResponse } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/github/oauth/start',
  operationId: 'startGitHubOAuth',
  tags: ['GitHub OAuth'],
  summary: 'Begin proving control of a GitHub repository, to claim its unclaimed node',
  description:
    'Nodeyard only (not in the Comfy contract). Checks the node can be claimed into the publisher, stores a ' +
    'one-time state bound to the signed-in user (10 minutes), and returns the GitHub authorize URL. GitHub ' +
    'then sends the browser to /{lang}/nodes/claim/callback on the site. 503 when no OAuth app is configured.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: StartOAuthBody } } } },
  responses: {
    200: { description: 'Where to send the browser', content: { 'application/json': { schema: StartOAuthResponse } } },
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

export function registerStartGitHubOAuth(app: App) {
  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const services = c.get('services');
    const oauth = requireOAuthConfig(services.config);
    const { viewer, publisher } = await authorizePublisher(c, body.publisherId, 'node.claim');
    const lang = languageOf(body.returnPath ?? '', body.lang);
    const origin = parseOrigin(c.req.header('origin')) ?? new URL(c.req.url).origin;
    const result = await startRoundTrip(services.db, {
      actor: viewer,
      publisher,
      nodeId: body.nodeId,
      returnPath: body.returnPath ?? `/${lang}/nodes`,
      redirectUri: callbackUrl(origin, lang),
      oauth,
      now: services.clock.now(),
    });
    return c.json({ authorizeUrl: result.authorizeUrl, expiresAt: result.expiresAt.toISOString() }, 200);
  });
}
