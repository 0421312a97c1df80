import type { App } from '../../app-env.ts';
import { privateNoStore } from '../customers/private-cache.ts';
import { registerProxyRoute } from './proxy-route.ts';
import { PROXY_ROUTES } from './proxy-table.ts';

/** The vendor task-status proxies (GET only; other /proxy paths are 404). */
export function registerProxyRoutes(app: App) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-KEY',
    description: 'A customer API key (nyd_ak_…).',
  });
  app.use('/proxy/*', privateNoStore());
  for (const spec of PROXY_ROUTES) registerProxyRoute(app, spec);
}
