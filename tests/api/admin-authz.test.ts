import { describe } from 'vitest';
import { adminRows } from '#test/authz/admin-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The admin area's rows of the authorization matrix (tests/support/authz/admin-rows.ts).

describe('admin authorization matrix', () => {
  describeAuthzRows(adminRows, useTestApp());
});
