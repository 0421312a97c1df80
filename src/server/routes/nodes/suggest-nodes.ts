import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { errorResponses } from '../schemas.ts';
import { clampedInt } from './query-params.ts';
import { NodeSuggestionsSchema } from './search-schemas.ts';

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

// Not in the contract: completions for a search box, from the in-process index.
const route = createRoute({
  method: 'get',
  path: '/nodes/suggest',
  operationId: 'suggestNodes',
  tags: ['Registry'],
  summary: 'Search-box completions',
  description:
    'Completions for what has been typed so far: node names (with the node id), node class names and ' +
    'popular searches. Cached publicly for 30 seconds. A Nodeyard extension (not in the Comfy contract).',
  request: {
    query: z.object({
      q: z
        .preprocess(first, z.string({ error: 'q is required.' }))
        .refine((value) => value.trim().length > 0, { message: 'q must not be empty.' })
        .openapi({ description: 'The text typed so far.' }),
      limit: clampedInt({ default: 8, min: 1, max: 20, description: 'At most this many (default 8, 1–20).' }),
    }),
  },
  responses: {
    200: {
      description: 'Suggestions, best first',
      content: { 'application/json': { schema: NodeSuggestionsSchema } },
    },
    ...errorResponses(400),
  },
});

export function registerSuggestNodes(app: App) {
  app.openapi(route, (c) => {
    const { q, limit } = c.req.valid('query');
    const suggestions = c.get('services').search.suggest(q, limit);
    c.header('Cache-Control', 'public, max-age=30');
    return c.json({ suggestions }, 200);
  });
}
