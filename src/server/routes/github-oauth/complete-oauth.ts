import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireActiveUser } from '../../auth/viewer.ts';
import { consumeState } from '../../services/github-oauth/consume-state.ts';
import { exchangeCodeOrThrow, requireOAuthConfig } from '../../services/github-oauth/oauth-errors.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { claimNode } from '../../services/nodes/claim-node.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { CompleteOAuthBody, CompleteOAuthResponse } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/github/oauth/complete',
  operationId: 'completeGitHubOAuth',
  tags: ['GitHub OAuth'],
  summary: 'Finish the GitHub round-trip and claim the node',
  description:
    "Nodeyard only. Spends the state (it must be the caller's, unexpired and unused), exchanges the code for " +
    'a GitHub token server-side, and runs claim-my-node with it. The GitHub token never appears in a URL or a ' +
    "response. 400: bad, expired or used state or code; 403: another user's state, no permission, or GitHub " +
    'says no; 429/503: GitHub rate limit or outage; 502: GitHub refused our OAuth app.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: CompleteOAuthBody } } } },
  responses: {
    200: { description: 'Node claimed', content: { 'application/json': { schema: CompleteOAuthResponse } } },
    ...errorResponses(400, 401, 403, 404, 429, 502, 503),
  },
});

export function registerCompleteGitHubOAuth(app: App) {
  app.openapi(route, async (c) => {
    const { code, state } = c.req.valid('json');
    const services = c.get('services');
    const oauth = requireOAuthConfig(services.config);
    const viewer = await requireActiveUser(c);
    const round = await consumeState(services.db, { state, actor: viewer, now: services.clock.now() });
    // Roles may have changed while the user was on GitHub: authorize again.
    const { publisher } = await authorizePublisher(c, round.publisherId, 'node.claim');
    const githubToken = await exchangeCodeOrThrow({ ...oauth, code, redirectUri: round.redirectUri });
    const node = await claimNode(services.db, {
      actor: viewer,
      publisher,
      nodeId: round.nodeId,
      githubToken,
      verifier: services.github,
      now: services.clock.now(),
    });
    return c.json({ publisherId: publisher.id, nodeId: node.id, returnPath: round.returnPath }, 200);
  });
}
