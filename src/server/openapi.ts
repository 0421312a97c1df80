import { createApp, OPENAPI_CONFIG } from './app.ts';
import type { AppDeps } from './app-deps.ts';

/**
 * The API's OpenAPI document, generated from the route definitions alone. Building the app does
 * not touch its services (they are only read inside handlers), so none are needed here.
 */
export function generateOpenApiDocument(): Record<string, unknown> {
  const app = createApp({} as AppDeps);
  return app.getOpenAPI31Document(OPENAPI_CONFIG) as unknown as Record<string, unknown>;
}
