import type { App } from '../../app-env.ts';
import { registerAdjustCustomerCredits } from './adjust-customer-credits.ts';
import { registerCreateCustomerApiKey } from './create-api-key.ts';
import { registerCreateCustomer } from './create-customer.ts';
import { registerDeleteCustomerApiKey } from './delete-api-key.ts';
import { registerGetAuthenticatedCustomer } from './get-authenticated-customer.ts';
import { registerGetCustomerBalanceById } from './get-customer-balance-by-id.ts';
import { registerGetCustomerBalance } from './get-customer-balance.ts';
import { registerGetCustomerById } from './get-customer-by-id.ts';
import { registerGetCustomerEventsById } from './get-customer-events-by-id.ts';
import { registerGetCustomerEvents } from './get-customer-events.ts';
import { registerListCustomerApiKeys } from './list-api-keys.ts';
import { privateNoStore } from './private-cache.ts';
import { registerSearchCustomers } from './search-customers.ts';

/** The customers routes. The fixed paths (/me, /balance, …) go before /customers/{customer_id}. */
export function registerCustomerRoutes(app: App) {
  for (const path of ['/customers', '/customers/*', '/admin/customers/*']) app.use(path, privateNoStore());
  registerCreateCustomer(app);
  registerSearchCustomers(app);
  registerGetAuthenticatedCustomer(app);
  registerGetCustomerBalance(app);
  registerGetCustomerEvents(app);
  registerListCustomerApiKeys(app);
  registerCreateCustomerApiKey(app);
  registerDeleteCustomerApiKey(app);
  registerGetCustomerById(app);
  registerGetCustomerBalanceById(app);
  registerGetCustomerEventsById(app);
  registerAdjustCustomerCredits(app);
}
