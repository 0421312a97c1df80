import { describe } from 'vitest';
import { adminRows } from '../support/authz/admin-rows.ts';
import { describeAuthzRows, useTestApp } from '../support/authz/run-matrix.ts';

// The admin area's rows of the authorization matrix (tests/support/authz/admin-rows.ts).

describe('admin authorization matrix', () => {
  describeAuthzRows(adminRows, useTestApp());
});
