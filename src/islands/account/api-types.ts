// Response shapes of the customers API, generated from docs/openapi.json (see src/lib/api/types.ts).
import type { ApiSchema } from '../../lib/api/types.ts';

export type Customer = ApiSchema<'Customer'>;
export type Balance = ApiSchema<'CustomerBalance'>;
export type EventPage = ApiSchema<'CustomerEventList'>;
export type CustomerEvent = EventPage['events'][number];
export type ApiKey = ApiSchema<'APIKey'>;
export type CreatedApiKey = ApiSchema<'APIKeyWithPlaintext'>;

/** Event types the API writes (the events filter). */
export const EVENT_TYPES = [
  'api_usage',
  'api_key_created',
  'api_key_deleted',
  'credit_granted',
  'credit_deducted',
  'customer_created',
] as const;
