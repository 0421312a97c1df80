import { describe } from 'vitest';
import { customerRows } from '#test/authz/customer-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The customer routes in the authorization matrix: every role, exact statuses.
describe('authorization: customers', () => {
  const app = useTestApp();
  describeAuthzRows(customerRows, app);
});
