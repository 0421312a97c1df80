import { z } from '@hono/zod-openapi';
import { CUSTOMER_EVENT_TYPES } from '../../services/customers/events.ts';

// Request and response schemas of the customers routes, with the contract's names and casing.

export const CustomerSchema = z
  .object({
    id: z.string().openapi({ description: 'The user id (the Firebase uid).' }),
    email: z.string().optional(),
    name: z.string().optional(),
    is_admin: z.boolean().optional(),
    has_fund: z.boolean().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .openapi('Customer');

export const CustomerAdminSchema = CustomerSchema.extend({
  cloud_subscription_is_active: z.boolean().optional(),
  cloud_subscription_subscription_id: z.string().nullable().optional(),
  cloud_subscription_renewal_date: z.string().nullable().optional(),
  cloud_subscription_end_date: z.string().nullable().optional(),
}).openapi('CustomerAdmin');

export const BalanceSchema = z
  .object({
    amount_micros: z.number().int().openapi({ description: 'The balance in micros (1/1,000,000 USD), an integer.' }),
    prepaid_balance_micros: z.number().int().optional(),
    cloud_credit_balance_micros: z.number().int().optional(),
    currency: z.string(),
  })
  .openapi('CustomerBalance');

export const CustomerEventSchema = z
  .object({
    event_id: z.string().optional(),
    event_type: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    createdAt: z.string().optional(),
  })
  .openapi('AuditLog');

export const EventListSchema = z
  .object({
    events: z.array(CustomerEventSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  })
  .openapi('CustomerEventList');

export const ApiKeySchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    key_prefix: z.string().optional(),
    created_at: z.string().optional(),
    last_used_at: z.string().optional(),
  })
  .openapi('APIKey');

export const ApiKeyWithPlaintextSchema = ApiKeySchema.extend({
  plaintext_key: z.string().optional().openapi({ description: 'The full key: in the creation response only.' }),
}).openapi('APIKeyWithPlaintext');

export const CreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100),
    description: z.string().trim().max(500).optional().nullable(),
  })
  .openapi('CreateAPIKeyRequest');

const integerParam = (max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform((v) => Math.max(1, Math.min(Number(v), max)))
    .optional();

const dateParam = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an RFC 3339 date-time')
  .transform((value) => new Date(value))
  .optional();

export const EventsQuery = z.object({
  page: integerParam(1_000_000),
  limit: integerParam(100),
  filter: z
    .string()
    .optional()
    .openapi({ description: `Event type: ${CUSTOMER_EVENT_TYPES.join(', ')}.` }),
  start_date: dateParam,
  end_date: dateParam,
});

export const SearchCustomersQuery = z.object({
  email: z.string().trim().max(200).optional(),
  name: z.string().trim().max(200).optional(),
  stripe_id: z.string().optional().openapi({ description: 'Accepted and ignored: Nodeyard has no Stripe.' }),
  metronome_id: z.string().optional().openapi({ description: 'Accepted and ignored: Nodeyard has no Metronome.' }),
  page: integerParam(1_000_000),
  limit: integerParam(100),
});

export const CustomerIdParams = z.object({
  customer_id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'customer_id', in: 'path' } }),
});

export const ApiKeyIdParams = z.object({
  api_key_id: z.uuid('must be an API key id (a UUID)').openapi({ param: { name: 'api_key_id', in: 'path' } }),
});

export const AdjustCreditsBody = z
  .object({
    amount_micros: z
      .number()
      .int('must be an integer number of micros')
      .refine((v) => v !== 0, 'must not be zero')
      .refine((v) => Math.abs(v) <= 1_000_000_000_000, 'must be within ±1e12 micros ($1,000,000)'),
    reason: z.string().trim().min(1, 'a reason is required').max(500),
  })
  .openapi('AdjustCreditsRequest');

export const LedgerEntrySchema = z
  .object({
    id: z.number().int(),
    amount_micros: z.number().int(),
    kind: z.string(),
    reason: z.string(),
    balance_after_micros: z.number().int(),
    created_at: z.string(),
  })
  .openapi('CreditLedgerEntry');
