/*
 * Protected operations that have no rows in the role matrix YET, each with the suite that checks its
 * authorization instead. Their callers are customers (API keys, credits) rather than publisher roles,
 * so the matrix's roles say little about them; moving them into rows is open work. The coverage test
 * (tests/api/authz-coverage.test.ts) fails for any protected route that is neither in the matrix nor
 * here, and for an entry here that the matrix already covers, so this list can only shrink.
 */
export interface OutsideMatrix {
  /** `METHOD /path` as the OpenAPI document writes it, or a pattern for a generated family. */
  route: string | RegExp;
  checkedBy: string;
}

export const OUTSIDE_MATRIX: readonly OutsideMatrix[] = [
  // The vendor proxy: one generated family behind one guard (routes/proxy/proxy-route.ts).
  { route: /^GET \/proxy\//, checkedBy: 'tests/api/proxy-routes.test.ts, tests/api/proxy-safety.test.ts' },
  { route: 'POST /customers', checkedBy: 'tests/api/customers-self.test.ts' },
  { route: 'GET /customers', checkedBy: 'tests/api/customers-admin.test.ts' },
  { route: 'GET /customers/me', checkedBy: 'tests/api/customers-self.test.ts' },
  { route: 'GET /customers/balance', checkedBy: 'tests/api/customers-self.test.ts' },
  { route: 'GET /customers/events', checkedBy: 'tests/api/customers-self.test.ts' },
  { route: 'GET /customers/api-keys', checkedBy: 'tests/api/customers-api-keys.test.ts' },
  { route: 'POST /customers/api-keys', checkedBy: 'tests/api/customers-api-keys.test.ts' },
  { route: 'DELETE /customers/api-keys/{api_key_id}', checkedBy: 'tests/api/customers-api-keys.test.ts' },
  { route: 'GET /customers/{customer_id}', checkedBy: 'tests/api/customers-admin.test.ts' },
  { route: 'GET /customers/{customer_id}/balance', checkedBy: 'tests/api/customers-admin.test.ts' },
  { route: 'GET /admin/customers/{customer_id}/balance', checkedBy: 'tests/api/customers-admin.test.ts' },
  { route: 'GET /customers/{customer_id}/events', checkedBy: 'tests/api/customers-admin.test.ts' },
  { route: 'POST /admin/customers/{customer_id}/credits', checkedBy: 'tests/api/customers-admin.test.ts' },
  { route: 'POST /github/oauth/start', checkedBy: 'tests/api/github-oauth.test.ts' },
  { route: 'POST /github/oauth/complete', checkedBy: 'tests/api/github-oauth.test.ts' },
];
