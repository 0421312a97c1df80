import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { draftAdvisoryFromBan } from '../../services/advisories/from-ban.ts';
import { toOsv } from '../../services/advisories/to-osv.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { AdvisoryBanDraftSchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/admin/advisories/from-ban',
  operationId: 'adminAdvisoryBanDraft',
  tags: ['Admin', 'Advisories'],
  summary: 'The advisory a malware ban offers (admins)',
  description:
    'What the admin flow shows right after a malware ban: the prefilled advisory (`draft`, the body ' +
    'POST /admin/advisories/from-ban would publish; edit `summary`/`details` there) and `existing`, the ' +
    'advisory already covering this ban if there is one. Publishes nothing. 409 `advisory_needs_ban` when nothing ' +
    'is banned.',
  security: bearerSecurity,
  request: {
    query: z.object({
      node_id: z.string().trim().min(1).max(200),
      version: z.string().trim().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: { description: 'The offer', content: { 'application/json': { schema: AdvisoryBanDraftSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminAdvisoryBanDraft(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const { db, config } = c.get('services');
    const query = c.req.valid('query');
    const { input, existing } = await draftAdvisoryFromBan(db, { nodeId: query.node_id, version: query.version });
    return c.json(
      {
        draft: input,
        ...(existing ? { existing: toOsv(existing, { apiPublicUrl: config.apiPublicUrl }) } : {}),
      },
      200,
    );
  });
}
