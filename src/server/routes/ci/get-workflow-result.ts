import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { notFound } from '../../errors.ts';
import { getJobResult } from '../../services/ci/job-results.ts';
import { toApiActionJobResult } from '../../services/ci/serialize.ts';
import { errorResponses } from '../schemas.ts';
import { ActionJobResultSchema, uuidPathParam } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/workflowresult/{workflowResultId}',
  operationId: 'getWorkflowResult',
  tags: ['ComfyUI CI'],
  summary: 'One CI job result',
  description: 'An unknown id is a 404 and a malformed one a 400 (upstream answered 500 or crashed).',
  request: {
    params: z.object({
      workflowResultId: uuidPathParam.openapi({ param: { name: 'workflowResultId', in: 'path' } }),
    }),
  },
  responses: {
    200: { description: 'The job result', content: { 'application/json': { schema: ActionJobResultSchema } } },
    ...errorResponses(400, 404),
  },
});

export function registerGetWorkflowResult(app: App) {
  app.openapi(route, async (c) => {
    const { workflowResultId } = c.req.valid('param');
    const record = await getJobResult(c.get('services').db, workflowResultId);
    if (!record) throw notFound(`No workflow result with id ${workflowResultId}.`);
    return c.json(toApiActionJobResult(record), 200);
  });
}
