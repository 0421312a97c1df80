import { countPages } from '../../../lib/paging.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { notFound } from '../../errors.ts';
import { commitExists, listJobResults } from '../../services/ci/job-results.ts';
import { normalizeRepoName } from '../../services/ci/repo-name.ts';
import { toApiActionJobResult } from '../../services/ci/serialize.ts';
import { errorResponses } from '../schemas.ts';
import { pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { ActionJobResultSchema, filterText, optionalUuidQuery } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/gitcommit',
  operationId: 'getGitcommit',
  tags: ['ComfyUI CI'],
  summary: 'CI job results, newest commit first',
  description:
    'Filters combine. `repoName` defaults to comfyanonymous/ComfyUI (any letter case). An unknown `commitId` ' +
    'is a 404, a malformed one a 400. `pageSize` is clamped to 1..100.',
  request: {
    query: z.object({
      commitId: optionalUuidQuery.openapi({ description: 'The commit’s id (commit_id of a result).' }),
      operatingSystem: filterText,
      workflowName: filterText,
      branch: filterText,
      page: pageParam,
      pageSize: pageSizeParam(10, 100),
      repoName: filterText.openapi({ default: 'comfyanonymous/ComfyUI' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of job results',
      content: {
        'application/json': {
          schema: z.object({ jobResults: z.array(ActionJobResultSchema), totalNumberOfPages: z.number().int() }),
        },
      },
    },
    ...errorResponses(400, 404),
  },
});

export function registerGetGitcommit(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const { db } = c.get('services');
    if (query.commitId && !(await commitExists(db, query.commitId))) {
      throw notFound(`No commit with id ${query.commitId}.`);
    }
    const { records, total } = await listJobResults(
      db,
      {
        repoName: normalizeRepoName(query.repoName),
        commitId: query.commitId,
        operatingSystem: query.operatingSystem,
        workflowName: query.workflowName,
        branch: query.branch,
      },
      { page: query.page, pageSize: query.pageSize },
    );
    return c.json(
      { jobResults: records.map(toApiActionJobResult), totalNumberOfPages: countPages(total, query.pageSize) },
      200,
    );
  });
}
