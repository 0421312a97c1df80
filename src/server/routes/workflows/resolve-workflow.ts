import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { databaseProviders } from '../../services/workflows/class-providers.ts';
import { resolveWorkflow } from '../../services/workflows/resolve-workflow.ts';
import { badRequest } from '../../errors.ts';
import { ErrorResponseSchema, errorResponses } from '../schemas.ts';
import { minAgeCutoff, minAgeParam } from '../nodes/min-age-param.ts';
import { readRequestWorkflow } from './read-request-workflow.ts';
import { InstallPlanSchema, workflowBodyContent } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/workflows/resolve',
  operationId: 'resolveWorkflow',
  tags: ['Registry'],
  summary: 'Which node packs a ComfyUI workflow needs (Nodeyard addition)',
  description:
    'Reads a workflow (UI or API format JSON, or a PNG/WebP image with the workflow embedded, as the body ' +
    'or as the multipart field `file`) and answers the packs providing its classes, with alternatives when ' +
    'several packs define a class, the classes built into ComfyUI, frontend-only node types, the classes ' +
    'no pack defines, and one `comfy node install` command. JSON at most 2 MB, images at most 8 MB, text ' +
    'embedded in an image at most 2 MB per chunk and 4 MB in all (413). A PNG with more than 64 text chunks or ' +
    'a WebP with more than 8 metadata chunks is `invalid_image`, a multipart body with more than 16 parts ' +
    '`invalid_multipart`. 400 codes: `invalid_json`, `not_a_workflow`, `no_workflow_in_image`, `invalid_image`, ' +
    '`too_many_classes`, `missing_file`, `invalid_multipart`. Anonymous; rate limited like other writes, and ' +
    '429 when every workflow reader is busy. With `min_age` (or the operator default DEFAULT_MIN_RELEASE_AGE) each ' +
    'pack offers its newest version published at least that long ago; packs with none are `held_back`. Yanked ' +
    'versions are never offered.',
  request: { query: z.object({ min_age: minAgeParam }), body: { required: true, content: workflowBodyContent } },
  responses: {
    200: { description: 'The install plan', content: { 'application/json': { schema: InstallPlanSchema } } },
    ...errorResponses(400, 413, 429),
    415: { description: 'Unsupported content type', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

export function registerResolveWorkflow(app: App) {
  // Documented from the route, served by a plain handler: the generated validator would parse JSON and
  // multipart bodies before the size limits apply and answer with its own codes; readRequestWorkflow
  // reads and checks every accepted body itself.
  app.openAPIRegistry.registerPath(route);
  app.post(route.path, async (c) => {
    const minAge = minAgeParam.safeParse(c.req.queries('min_age'));
    if (!minAge.success) {
      throw badRequest(`Invalid request: min_age: ${minAge.error.issues[0]?.message ?? 'invalid'}`, 'invalid_min_age');
    }
    const { db, config, clock } = c.get('services');
    const workflow = await readRequestWorkflow(c);
    const publishedBy = minAgeCutoff(minAge.data, config, clock);
    const plan = await resolveWorkflow(workflow, databaseProviders(db, { publishedBy }));
    return c.json(plan, 200);
  });
}
