import type { App } from '../../app-env.ts';
import { registerGenerateAdminToken } from './generate-admin-token.ts';
import { registerVerifyApiKey } from './verify-api-key.ts';

/** Credentials for admin tooling and trusted services. */
export function registerAdminTokenRoutes(app: App) {
  registerGenerateAdminToken(app);
  registerVerifyApiKey(app);
}
