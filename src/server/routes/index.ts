import type { App } from '../app-env.ts';
import { registerGetUser } from './users/get-user.ts';

/** Every API route, registered once. One file per route under routes/<area>/. */
export function registerRoutes(app: App) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A Firebase ID token.',
  });
  registerGetUser(app);
}
