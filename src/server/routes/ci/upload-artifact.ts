import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import { userActor } from '../../services/audit/record.ts';
import { recordWorkflowRun } from '../../services/ci/record-run.ts';
import { errorResponses } from '../schemas.ts';
import { UploadArtifactBody } from './upload-body.ts';

const route = createRoute({
  method: 'post',
  path: '/upload-artifact',
  operationId: 'postUploadArtifact',
  tags: ['ComfyUI CI'],
  summary: 'Record one CI job’s results (the ComfyUI GitHub Action)',
  description:
    'Needs a service token (`Authorization: Bearer nyd_svc_…`) or an admin; upstream left this open to anyone. ' +
    'Idempotent: a result is identified by (repo, commit, workflow, OS, GPU = machine_stats.gpu_type, Python, ' +
    'CUDA), so uploading the same run again replaces it (and its output files) instead of adding a row.',
  security: [{ ServiceToken: [] }, { BearerAuth: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: UploadArtifactBody } } } },
  responses: {
    200: {
      description: 'Recorded',
      content: { 'application/json': { schema: z.object({ message: z.string() }) } },
    },
    ...errorResponses(400, 401, 403),
  },
});

export function registerUploadArtifact(app: App) {
  app.openapi(route, async (c) => {
    const caller = await requireAdminOrService(c);
    const { db, clock } = c.get('services');
    const actor =
      caller.kind === 'admin'
        ? userActor(caller.user)
        : { userId: null, kind: 'system' as const, service: caller.service.name };
    const recorded = await recordWorkflowRun(db, c.req.valid('json'), actor, clock.now());
    return c.json({ message: recorded.replaced ? 'Result replaced.' : 'Result recorded.' }, 200);
  });
}
