import { describe } from 'vitest';
import { reportRows } from '../support/authz/report-rows.ts';
import { describeAuthzRows, useTestApp } from '../support/authz/run-matrix.ts';

// The pack-report routes in the authorization matrix: every role, exact statuses.
describe('authorization: pack reports', () => {
  const app = useTestApp();
  describeAuthzRows(reportRows, app);
});
