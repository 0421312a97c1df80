import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { ADVISORIES_KEY, LISTS_KEY } from '../../cache/cache-keys.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { dependentPacksOf } from '../../services/advisories/dependent-packs.ts';
import { getAdvisoryOr404 } from '../../services/advisories/load-advisories.ts';
import { toOsv } from '../../services/advisories/to-osv.ts';
import { errorResponses } from '../schemas.ts';
import { feedHeaders, unchangedSince } from './feed-headers.ts';
import { AdvisoryIdParams, OsvAdvisorySchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/advisories/{advisoryId}',
  operationId: 'getAdvisory',
  tags: ['Advisories'],
  summary: 'One advisory (OSV JSON)',
  description:
    'The OSV document of one advisory. For a Python-package advisory, `database_specific.dependent_packs` lists the ' +
    'public packs whose installable versions declare a dependency admitting an affected version.',
  request: { params: AdvisoryIdParams },
  responses: {
    200: { description: 'The advisory', content: { 'application/json': { schema: OsvAdvisorySchema } } },
    304: { description: 'Not modified' },
    ...errorResponses(400, 404),
  },
});

export function registerGetAdvisory(app: App) {
  app.openapi(route, async (c) => {
    const { db, config } = c.get('services');
    const record = await getAdvisoryOr404(db, c.req.valid('param').advisoryId);
    // Which packs depend on a Python package changes with every publish, not with the advisory: such an answer also
    // carries the lists key (every pack change purges it) and no Last-Modified (its ETag still serves revalidation).
    const hasPypi = record.affected.some((a) => a.ecosystem === 'PyPI');
    if (hasPypi) {
      declareCacheKeys(c, [ADVISORIES_KEY, LISTS_KEY]);
    } else {
      feedHeaders(c, record.modifiedAt);
      if (unchangedSince(c, record.modifiedAt)) return c.body(null, 304);
    }
    const dependentPacks = hasPypi ? await dependentPacksOf(db, record.affected) : undefined;
    return c.json(toOsv(record, { apiPublicUrl: config.apiPublicUrl, dependentPacks }), 200);
  });
}
