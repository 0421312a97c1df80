import { customers } from '../../../src/server/db/schema/index.ts';
import { insertUser } from '../factories.ts';
import { adminOnly, everyRole, withoutSignIn, type AuthzFixture, type AuthzRow } from './matrix.ts';

// Rows for the customer routes (credits, balance, events, API keys). Order of every `expect`:
// anonymous, stranger, member, owner, admin, bannedOwner, bannedPublisherOwner, foreignToken.
// Publisher roles mean nothing to a customer, so what matters here is: signed in or not, admin or
// not, banned or not. A personal access token is no customer credential (401 like anonymous).

const targets = new WeakMap<AuthzFixture, string>();

/** Someone else's customer record, the target of the by-id and admin rows. */
async function arrangeOtherCustomer(f: AuthzFixture) {
  const user = await insertUser(f.t.services.db);
  await f.t.services.db.insert(customers).values({ id: user.id });
  targets.set(f, user.id);
}

/** The caller's own customer record (signed-in roles only; the others have no account). */
async function arrangeOwnCustomer(f: AuthzFixture) {
  if (f.actor && f.authorization && !f.pat) await f.t.services.db.insert(customers).values({ id: f.actor.id });
}

/** Signed-in callers get `success`; the banned account 403; callers without a Firebase user 401. */
const signedInOnly = (success: number) => withoutSignIn({ ...everyRole(success), bannedOwner: 403 });

const otherCustomer = (path: (id: string) => string, method: 'GET' | 'POST' = 'GET', json?: unknown) => ({
  arrange: arrangeOtherCustomer,
  request: (f: AuthzFixture) => ({ method, path: path(targets.get(f)!), ...(json ? { json } : {}) }),
});

export const customerRows: AuthzRow[] = [
  {
    route: 'POST /customers',
    request: () => ({ method: 'POST', path: '/customers' }),
    expect: signedInOnly(201),
  },
  ...(['/customers/me', '/customers/balance', '/customers/events', '/customers/api-keys'] as const).map(
    (path): AuthzRow => ({
      route: `GET ${path}`,
      note: 'the caller’s own record: a read, so a banned account still sees its own',
      arrange: arrangeOwnCustomer,
      request: () => ({ method: 'GET', path }),
      expect: withoutSignIn(everyRole(200)),
    }),
  ),
  {
    route: 'POST /customers/api-keys',
    arrange: arrangeOwnCustomer,
    request: () => ({ method: 'POST', path: '/customers/api-keys', json: { name: 'matrix' } }),
    expect: signedInOnly(201),
  },
  {
    route: 'DELETE /customers/api-keys/{api_key_id}',
    note: 'an unknown key id: 404 for every customer, the guards still answer first',
    arrange: arrangeOwnCustomer,
    request: () => ({ method: 'DELETE', path: '/customers/api-keys/00000000-0000-4000-8000-000000000000' }),
    expect: signedInOnly(404),
  },
  { route: 'GET /customers', ...otherCustomer(() => '/customers'), expect: adminOnly(200) },
  { route: 'GET /customers/{customer_id}', ...otherCustomer((id) => `/customers/${id}`), expect: adminOnly(200) },
  {
    route: 'GET /customers/{customer_id}/balance',
    ...otherCustomer((id) => `/customers/${id}/balance`),
    expect: adminOnly(200),
  },
  {
    route: 'GET /admin/customers/{customer_id}/balance',
    ...otherCustomer((id) => `/admin/customers/${id}/balance`),
    expect: adminOnly(200),
  },
  {
    route: 'GET /customers/{customer_id}/events',
    ...otherCustomer((id) => `/customers/${id}/events`),
    expect: adminOnly(200),
  },
  {
    route: 'POST /admin/customers/{customer_id}/credits',
    ...otherCustomer((id) => `/admin/customers/${id}/credits`, 'POST', { amount_micros: 1_000_000, reason: 'matrix' }),
    expect: adminOnly(201),
  },
];
