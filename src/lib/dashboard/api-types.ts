// The API shapes the dashboard reads, generated from docs/openapi.json (see src/lib/api/types.ts).
import type { ApiSchema } from '../api/types.ts';

export type PublisherStatus = ApiSchema<'PublisherStatus'>;
export type NodeStatus = ApiSchema<'NodeStatus'>;
export type VersionStatus = ApiSchema<'NodeVersionStatus'>;
export type Publisher = ApiSchema<'Publisher'>;
export type RegistryNode = ApiSchema<'Node'>;
/** GET /publishers/{id}/nodes/v2: a page of nodes, with their icons as signed /_image URLs. */
export type NodeListPage = ApiSchema<'PublisherNodeListPage'>;
export type ImageAttributes = ApiSchema<'ImageAttributes'>;
export type NodeVersion = ApiSchema<'NodeVersion'>;
export type AccessToken = ApiSchema<'PersonalAccessToken'>;
export type CreatedAccessToken = ApiSchema<'CreatedPersonalAccessToken'>;
export type PublisherIdCheck = ApiSchema<'PublisherIdValidation'>;
