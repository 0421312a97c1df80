// The API's shapes as the islands read them, generated from docs/openapi.json (`npm run api-types`), never
// copied by hand: `ApiSchema<'Publisher'>` is the Publisher component of the document.
import type { components, paths } from './schema.d.ts';

export type ApiSchemas = components['schemas'];
export type ApiSchema<Name extends keyof ApiSchemas> = ApiSchemas[Name];

/** The JSON a route answers with on 200, for the routes whose answer is not a named component. */
export type ApiOk<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
