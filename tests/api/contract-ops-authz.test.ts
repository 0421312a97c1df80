import { describe } from 'vitest';
import { contractOpsRows } from '#test/authz/contract-ops-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The contract's automation operations' rows of the authorization matrix
// (tests/support/authz/contract-ops-rows.ts).

describe('authorization matrix: contract automation operations', () => {
  describeAuthzRows(contractOpsRows, useTestApp());
});
