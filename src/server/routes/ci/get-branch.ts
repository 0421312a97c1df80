import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { listBranches } from '../../services/ci/branches.ts';
import { normalizeRepoName } from '../../services/ci/repo-name.ts';
import { errorResponses } from '../schemas.ts';
import { filterText } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/branch',
  operationId: 'getBranch',
  tags: ['ComfyUI CI'],
  summary: 'The branches with CI results in a repository',
  description:
    '`repo_name` defaults to comfyanonymous/ComfyUI (any letter case). A repository without results answers ' +
    'an empty list rather than a 404, so a dashboard can show "nothing yet".',
  request: {
    query: z.object({ repo_name: filterText.openapi({ default: 'comfyanonymous/ComfyUI' }) }),
  },
  responses: {
    200: {
      description: 'Branch names, alphabetically',
      content: { 'application/json': { schema: z.object({ branches: z.array(z.string()) }) } },
    },
    ...errorResponses(400),
  },
});

export function registerGetBranch(app: App) {
  app.openapi(route, async (c) => {
    const { repo_name } = c.req.valid('query');
    return c.json({ branches: await listBranches(c.get('services').db, normalizeRepoName(repo_name)) }, 200);
  });
}
