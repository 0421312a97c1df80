import type { ApiKeyRow } from './api-keys.ts';
import type { CustomerEventRow } from './events.ts';
import type { CustomerBundle } from './search-customers.ts';

// Contract shapes: Customer, CustomerAdmin, the balance object, AuditLog (customer event), APIKey.

export function toApiCustomer({ customer, user, balanceMicros }: CustomerBundle) {
  return {
    id: customer.id,
    ...(user.email ? { email: user.email } : {}),
    ...(user.name ? { name: user.name } : {}),
    is_admin: user.isAdmin,
    has_fund: balanceMicros > 0,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}

/** The admin view adds what the contract's CustomerAdmin has; Nodeyard sells no subscriptions. */
export function toApiCustomerAdmin(bundle: CustomerBundle) {
  return {
    ...toApiCustomer(bundle),
    cloud_subscription_is_active: false,
    cloud_subscription_subscription_id: null,
    cloud_subscription_renewal_date: null,
    cloud_subscription_end_date: null,
  };
}

/** Nodeyard has one pot of credits, so the total and the prepaid part are the same number. */
export function toApiBalance(micros: number) {
  return {
    amount_micros: micros,
    prepaid_balance_micros: micros,
    cloud_credit_balance_micros: 0,
    currency: 'usd',
  };
}

export function toApiEvent(row: CustomerEventRow) {
  return {
    event_id: row.id,
    event_type: row.eventType,
    params: row.params,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    key_prefix: row.keyPrefix,
    created_at: row.createdAt.toISOString(),
    ...(row.lastUsedAt ? { last_used_at: row.lastUsedAt.toISOString() } : {}),
  };
}
