// The API reference pages' loader: docs/openapi.json (written from the routes by `npm run openapi`,
// and checked against them by src/server/openapi.test.ts), turned into page models once per process.
import document from '../../../../docs/openapi.json' with { type: 'json' };
import type { OpenApiDocument } from './openapi-types.ts';
import { buildApiReference, type ApiReference } from './reference-model.ts';

let reference: ApiReference | undefined;

export function loadApiReference(): ApiReference {
  reference ??= buildApiReference(document as unknown as OpenApiDocument);
  return reference;
}

export { tagSlug } from './reference-model.ts';
export type { OperationView, SchemaPage, TagView } from './reference-model.ts';
export type { Limit, PropertyRow, SchemaView, TypeView } from './schema-view.ts';
