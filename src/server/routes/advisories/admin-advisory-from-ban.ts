import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { publishAdvisoryFromBan } from '../../services/advisories/from-ban.ts';
import { toOsv } from '../../services/advisories/to-osv.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { FromBanBody, OsvAdvisorySchema } from './schemas.ts';

const json = { 'application/json': { schema: OsvAdvisorySchema } };

const route = createRoute({
  method: 'post',
  path: '/admin/advisories/from-ban',
  operationId: 'adminAdvisoryFromBan',
  tags: ['Admin', 'Advisories'],
  summary: 'Publish a malware advisory from a ban (admins)',
  description:
    'The one-click follow-up of a malware ban: a CRITICAL `malware` advisory naming the banned version (or every ' +
    'version of a banned pack), prefilled from the ban’s reason; `summary`/`details` override the prefilled text. ' +
    'Installs of what it names are then refused with 403 `advisory_blocked`. 201 when published, 200 with the ' +
    'existing advisory when one already covers the ban; 409 `advisory_needs_ban` when nothing is banned. Audited ' +
    'as `advisory.from_ban`.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: FromBanBody } } } },
  responses: {
    201: { description: 'Published', content: json },
    200: { description: 'Already published for this ban', content: json },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminAdvisoryFromBan(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock, config } = c.get('services');
    const body = c.req.valid('json');
    const { advisory, created } = await publishAdvisoryFromBan(
      db,
      admin,
      { nodeId: body.node_id, version: body.version, summary: body.summary, details: body.details },
      clock.now(),
    );
    return c.json(toOsv(advisory, { apiPublicUrl: config.apiPublicUrl }), created ? 201 : 200);
  });
}
