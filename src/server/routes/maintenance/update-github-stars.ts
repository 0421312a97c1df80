import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import { callerActor, callerLabel } from '../../services/automation/caller-actor.ts';
import { createStarsClient } from '../../services/github-stars/fetch-stars.ts';
import { DEFAULT_STARS_BATCH, MAX_STARS_BATCH, updateGithubStars } from '../../services/github-stars/update-stars.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const Query = z.object({
  max_batch: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_STARS_BATCH)
    .optional()
    .openapi({
      param: { name: 'max_batch', in: 'query' },
      description: `Nodes to refresh in this batch (default ${DEFAULT_STARS_BATCH}); the least recently checked go first.`,
    }),
});

const StarsResultSchema = z
  .object({
    checked: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.array(z.object({ node_id: z.string(), reason: z.string() })),
  })
  .openapi('GithubStarsBatchResult');

const route = createRoute({
  method: 'post',
  path: '/nodes/update-github-stars',
  operationId: 'updateGithubStars',
  tags: ['Registry'],
  summary: 'Refresh github_stars from GitHub for one batch of nodes (service token or admin)',
  description:
    'Asks GitHub (GITHUB_API_URL, GITHUB_API_TOKEN when set) for the stars of the nodes checked longest ago, ' +
    'a few requests at a time, and stores them. A node whose lookup fails is listed in `failed`; the batch goes on. ' +
    'Answers once the batch is done, with counts (upstream answers an empty 200).',
  security: bearerSecurity,
  request: { query: Query },
  responses: {
    200: { description: 'Batch done', content: { 'application/json': { schema: StarsResultSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export function registerUpdateGithubStars(app: App) {
  app.openapi(route, async (c) => {
    const caller = await requireAdminOrService(c);
    const { db, config, clock } = c.get('services');
    const fetchStars = createStarsClient({
      ...(config.githubApiUrl ? { apiBase: config.githubApiUrl } : {}),
      ...(config.githubApiToken ? { token: config.githubApiToken } : {}),
    });
    const result = await updateGithubStars(
      db,
      fetchStars,
      { batch: c.req.valid('query').max_batch ?? DEFAULT_STARS_BATCH, now: clock.now() },
      { actor: callerActor(caller), caller: callerLabel(caller) },
    );
    return c.json(result, 200);
  });
}
