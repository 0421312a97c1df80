import { describe } from 'vitest';
import { banAppealRows } from '#test/authz/ban-appeal-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The ban-appeal routes in the authorization matrix: every role, exact statuses.
describe('authorization: ban appeals', () => {
  const app = useTestApp();
  describeAuthzRows(banAppealRows, app);
});
