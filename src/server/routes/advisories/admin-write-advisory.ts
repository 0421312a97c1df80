import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { userActor } from '../../services/audit/record.ts';
import { ADVISORY_ACTIONS } from '../../services/advisories/audit-actions.ts';
import { toOsv } from '../../services/advisories/to-osv.ts';
import { createAdvisory, updateAdvisory, withdrawAdvisory } from '../../services/advisories/write-advisory.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { AdvisoryBody, AdvisoryIdParams, OsvAdvisorySchema } from './schemas.ts';

const json = { 'application/json': { schema: OsvAdvisorySchema } };

const createRouteDef = createRoute({
  method: 'post',
  path: '/admin/advisories',
  operationId: 'adminCreateAdvisory',
  tags: ['Admin', 'Advisories'],
  summary: 'Publish an advisory (admins)',
  description:
    'Allocates the next NYSA-YYYY-NNNN id and publishes the advisory at once (it is in the feed on answer). Packs ' +
    'must exist; versions must read as semver (packs) or PEP 440 (PyPI), else 400 `invalid_advisory` naming each ' +
    'field. Audited as `advisory.create`.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: AdvisoryBody } } } },
  responses: { 201: { description: 'The advisory (OSV)', content: json }, ...errorResponses(400, 401, 403) },
});

const updateRouteDef = createRoute({
  method: 'put',
  path: '/admin/advisories/{advisoryId}',
  operationId: 'adminUpdateAdvisory',
  tags: ['Admin', 'Advisories'],
  summary: 'Edit an advisory (admins)',
  description: 'Replaces the advisory’s text and affected list; `modified` moves. Audited as `advisory.update`.',
  security: bearerSecurity,
  request: {
    params: AdvisoryIdParams,
    body: { required: true, content: { 'application/json': { schema: AdvisoryBody } } },
  },
  responses: { 200: { description: 'The advisory (OSV)', content: json }, ...errorResponses(400, 401, 403, 404) },
});

const withdrawRouteDef = createRoute({
  method: 'post',
  path: '/admin/advisories/{advisoryId}/withdraw',
  operationId: 'adminWithdrawAdvisory',
  tags: ['Admin', 'Advisories'],
  summary: 'Withdraw an advisory (admins)',
  description:
    'Sets OSV `withdrawn`: the advisory stays in the feed but matches nothing and blocks no install. A second ' +
    'withdrawal is 409 `advisory_withdrawn`. Audited as `advisory.withdraw`.',
  security: bearerSecurity,
  request: { params: AdvisoryIdParams },
  responses: { 200: { description: 'The advisory (OSV)', content: json }, ...errorResponses(400, 401, 403, 404, 409) },
});

export function registerAdminWriteAdvisory(app: App) {
  app.openapi(createRouteDef, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock, config } = c.get('services');
    const record = await createAdvisory(db, c.req.valid('json'), {
      actor: userActor(admin),
      now: clock.now(),
      action: ADVISORY_ACTIONS.create,
      createdByUserId: admin.id,
    });
    return c.json(toOsv(record, { apiPublicUrl: config.apiPublicUrl }), 201);
  });

  app.openapi(updateRouteDef, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock, config } = c.get('services');
    const record = await updateAdvisory(db, c.req.valid('param').advisoryId, c.req.valid('json'), {
      actor: userActor(admin),
      now: clock.now(),
      action: ADVISORY_ACTIONS.update,
    });
    return c.json(toOsv(record, { apiPublicUrl: config.apiPublicUrl }), 200);
  });

  app.openapi(withdrawRouteDef, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock, config } = c.get('services');
    const record = await withdrawAdvisory(db, c.req.valid('param').advisoryId, {
      actor: userActor(admin),
      now: clock.now(),
      action: ADVISORY_ACTIONS.withdraw,
    });
    return c.json(toOsv(record, { apiPublicUrl: config.apiPublicUrl }), 200);
  });
}
