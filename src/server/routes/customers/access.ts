import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { requireActiveCustomerCaller, requireCustomerCaller, type CustomerCaller } from '../../auth/api-key.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { getCustomerOr404, type CustomerRow } from '../../services/customers/customer-store.ts';

/** The caller and their own customer record (404 when they have none yet). */
export async function requireOwnCustomer(
  c: Context<AppEnv>,
  options: { allowApiKey: boolean; active: boolean },
): Promise<{ caller: CustomerCaller; customer: CustomerRow }> {
  const caller = options.active
    ? await requireActiveCustomerCaller(c, options)
    : await requireCustomerCaller(c, options);
  const customer = await getCustomerOr404(c.get('services').db, caller.user.id);
  return { caller, customer };
}

/**
 * Access to a customer by id: the customer themself (token or API key), else only an admin signed
 * in with a Firebase ID token. Another customer gets 403 whether or not the id exists.
 */
export async function requireCustomerAccess(c: Context<AppEnv>, customerId: string): Promise<CustomerRow> {
  const caller = await requireCustomerCaller(c);
  if (caller.user.id !== customerId) await requireAdmin(c);
  return getCustomerOr404(c.get('services').db, customerId);
}
