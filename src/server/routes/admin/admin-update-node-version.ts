import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { ADMIN_ACTIONS } from '../../services/audit/actions.ts';
import { getAdminVersion } from '../../services/versions/admin-version.ts';
import { adminUpdateVersion } from '../../services/versions/admin-update-version.ts';
import { loadVersionsWithArchive } from '../../services/nodes/load-bundles.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { bearerSecurity, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { AdminUpdateVersionBody, VersionNumberParams } from './schemas.ts';

const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);
const list = (value: string[] | null | undefined) => (value === null ? [] : value);

const route = createRoute({
  method: 'put',
  path: '/admin/nodes/{nodeId}/versions/{versionNumber}',
  operationId: 'adminUpdateNodeVersion',
  tags: ['Admin'],
  summary: 'Review a version or edit its compatibility fields (admins)',
  description:
    'status, status_reason, supported_os, supported_accelerators, supported_comfyui_version, ' +
    'supported_comfyui_frontend_version. Approving (Active) needs an uploaded archive (409 otherwise) and ' +
    "recomputes the node's latest version. Answers the full NodeVersion (upstream answered only `{status}`).",
  security: bearerSecurity,
  request: {
    params: VersionNumberParams,
    body: { required: true, content: { 'application/json': { schema: AdminUpdateVersionBody } } },
  },
  responses: {
    200: { description: 'The updated version', content: { 'application/json': { schema: NodeVersionSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminUpdateNodeVersion(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, config, clock } = c.get('services');
    const { nodeId, versionNumber } = c.req.valid('param');
    const body = c.req.valid('json');
    const { version } = await getAdminVersion(db, nodeId, versionNumber);
    const changes = Object.fromEntries(
      Object.entries({
        status: body.status,
        status_reason: body.status_reason,
        supported_os: list(body.supported_os),
        supported_accelerators: list(body.supported_accelerators),
        supported_comfyui_version: emptyToNull(body.supported_comfyui_version),
        supported_comfyui_frontend_version: emptyToNull(body.supported_comfyui_frontend_version),
      }).filter(([, v]) => v !== undefined),
    );
    const updated = await adminUpdateVersion(db, {
      actor: admin,
      version,
      changes,
      action: ADMIN_ACTIONS.versionReview,
      now: clock.now(),
    });
    const withArchive = (await loadVersionsWithArchive(db, [updated.id])).get(updated.id);
    return c.json(
      toApiNodeVersion(updated, {
        config,
        hasArchive: withArchive?.hasArchive ?? false,
        sha256: withArchive?.sha256 ?? null,
        includeStatusReason: true,
      }),
      200,
    );
  });
}
