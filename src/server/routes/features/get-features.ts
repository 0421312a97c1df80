import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';

const FeaturesSchema = z
  .object({
    partner_node_conversion_rate: z
      .number()
      .openapi({ description: 'The conversion rate for partner nodes (PARTNER_NODE_CONVERSION_RATE).', example: 0.5 }),
  })
  .openapi('FeaturesResponse');

const route = createRoute({
  method: 'get',
  path: '/features',
  operationId: 'getFeatures',
  tags: ['Registry'],
  summary: 'Server feature flags',
  description: 'What this server is configured with; public, no sign-in.',
  responses: {
    200: { description: 'Success', content: { 'application/json': { schema: FeaturesSchema } } },
  },
});

export function registerGetFeatures(app: App) {
  app.openapi(route, (c) => {
    const rate = c.get('services').config.partnerNodeConversionRate ?? 1;
    return c.json({ partner_node_conversion_rate: rate }, 200);
  });
}
