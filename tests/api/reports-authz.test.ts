import { describe } from 'vitest';
import { reportRows } from '#test/authz/report-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The pack-report routes in the authorization matrix: every role, exact statuses.
describe('authorization: pack reports', () => {
  const app = useTestApp();
  describeAuthzRows(reportRows, app);
});
