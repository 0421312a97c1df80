// Response shapes of the customers API, as the islands read them.

export interface Customer {
  id: string;
  email?: string;
  name?: string;
  is_admin?: boolean;
  has_fund?: boolean;
  createdAt?: string;
  balance_micros?: number;
}

export interface Balance {
  amount_micros: number;
  currency: string;
}

export interface CustomerEvent {
  event_id?: string;
  event_type?: string;
  params?: Record<string, unknown>;
  createdAt?: string;
}

export interface EventPage {
  events: CustomerEvent[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface ApiKey {
  id: string;
  name: string;
  description?: string;
  key_prefix: string;
  created_at: string;
  last_used_at?: string;
}

export interface CreatedApiKey extends ApiKey {
  plaintext_key: string;
}

/** Event types the API writes (the events filter). */
export const EVENT_TYPES = [
  'api_usage',
  'api_key_created',
  'api_key_deleted',
  'credit_granted',
  'credit_deducted',
  'customer_created',
] as const;
