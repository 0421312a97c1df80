import { countPages } from '../../../lib/paging.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { listCommitsWithResults, toApiCommitSummary } from '../../services/ci/commit-summaries.ts';
import { normalizeRepoName } from '../../services/ci/repo-name.ts';
import { errorResponses } from '../schemas.ts';
import { pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { filterText, GitCommitSummarySchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/gitcommitsummary',
  operationId: 'getGitcommitsummary',
  tags: ['ComfyUI CI'],
  summary: 'Commits with a pass/fail summary per operating system',
  description:
    'Newest commit first. `repoName` defaults to comfyanonymous/ComfyUI (any letter case). Paged in the ' +
    'database with an exact `totalNumberOfPages` (upstream scanned every result and guessed the page count).',
  request: {
    query: z.object({
      repoName: filterText.openapi({ default: 'comfyanonymous/ComfyUI' }),
      branchName: filterText,
      page: pageParam,
      pageSize: pageSizeParam(10, 100),
    }),
  },
  responses: {
    200: {
      description: 'A page of commit summaries',
      content: {
        'application/json': {
          schema: z.object({
            commitSummaries: z.array(GitCommitSummarySchema),
            totalNumberOfPages: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses(400),
  },
});

export function registerGetGitcommitSummary(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const { commits, total } = await listCommitsWithResults(
      c.get('services').db,
      { repoName: normalizeRepoName(query.repoName), branchName: query.branchName },
      { page: query.page, pageSize: query.pageSize },
    );
    return c.json(
      {
        commitSummaries: commits.map(toApiCommitSummary),
        totalNumberOfPages: countPages(total, query.pageSize),
      },
      200,
    );
  });
}
