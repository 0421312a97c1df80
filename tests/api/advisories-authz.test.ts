import { describe } from 'vitest';
import { advisoryRows } from '#test/authz/advisory-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The advisory admin routes' rows of the authorization matrix (tests/support/authz/advisory-rows.ts).

describe('advisory admin authorization matrix', () => {
  describeAuthzRows(advisoryRows, useTestApp());
});
