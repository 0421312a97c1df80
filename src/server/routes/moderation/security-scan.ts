import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import { sweepPendingVersions } from '../../services/moderation/security-scan.ts';
import { errorResponses, queryBoolean } from '../schemas.ts';
import { parseGoDuration } from './go-duration.ts';

const duration = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const ms = parseGoDuration(value);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a duration such as 30m, 1h or 90s.` });
        return z.NEVER;
      }
      return ms;
    })
    .openapi({ param: { name, in: 'query' }, type: 'string', example: '30m' });

const Query = z.object({
  minAge: duration('minAge'),
  minSecurityScanAge: duration('minSecurityScanAge'),
  maxNodes: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({ param: { name: 'maxNodes', in: 'query' } }),
  wait: queryBoolean.optional().openapi({
    param: { name: 'wait', in: 'query' },
    description: 'Nodeyard extension: run the queued scans before answering.',
  }),
});

const SweepResponse = z
  .object({ queued: z.number().int(), accepted: z.number().int(), scanned: z.number().int() })
  .openapi('SecurityScanResult');

const route = createRoute({
  method: 'get',
  path: '/security-scan',
  operationId: 'securityScan',
  tags: ['Moderation'],
  summary: 'Queue scans for Pending versions (admins and service tokens)',
  description:
    'Every upload is scanned by a background job already; this sweeps up Pending versions without one. ' +
    'Answers 200 with counts (upstream answers an empty body).',
  security: [{ BearerAuth: [] }],
  request: { query: Query },
  responses: {
    200: { description: 'Scan completed successfully', content: { 'application/json': { schema: SweepResponse } } },
    ...errorResponses(400, 401, 403),
  },
});

const MAX_NODES = 500;

export function registerSecurityScan(app: App) {
  app.openapi(route, async (c) => {
    await requireAdminOrService(c);
    const query = c.req.valid('query');
    const services = c.get('services');
    const result = await sweepPendingVersions(services, {
      minAgeMs: query.minAge ?? 0,
      maxNodes: Math.min(query.maxNodes ?? 50, MAX_NODES),
    });
    const scanned = query.wait ? await services.runDueJobs() : 0;
    return c.json({ queued: result.queued.length, accepted: result.accepted.length, scanned }, 200);
  });
}
