import { describe } from 'vitest';
import { githubDouble, useGitHubDouble } from '#test/authz/github-double.ts';
import { type AuthzRow } from '#test/authz/matrix.ts';
import { nodeRows } from '#test/authz/node-rows.ts';
import { publisherRows } from '#test/authz/publisher-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// THE AUTHORIZATION MATRIX: every protected route, as every role, with the exact status expected.
// To cover more routes, write an `AuthzRow[]` next to publisher-rows.ts / node-rows.ts and append it here.
const ROWS: AuthzRow[] = [...publisherRows, ...nodeRows];

describe('authorization matrix', () => {
  // The claim route asks GitHub through its port; here GitHub always says yes.
  const app = useTestApp((t) => useGitHubDouble(t.services, githubDouble({ ok: true })));
  describeAuthzRows(ROWS, app);
});
