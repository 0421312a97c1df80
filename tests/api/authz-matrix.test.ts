import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubDouble, useGitHubDouble } from '../support/authz/github-double.ts';
import { buildFixture, ROLES, send, type AuthzRow } from '../support/authz/matrix.ts';
import { nodeRows } from '../support/authz/node-rows.ts';
import { publisherRows } from '../support/authz/publisher-rows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// THE AUTHORIZATION MATRIX: every protected route, as every role, with the exact status expected.
// To cover more routes, write an `AuthzRow[]` next to publisher-rows.ts / node-rows.ts and append it here.
const ROWS: AuthzRow[] = [...publisherRows, ...nodeRows];

describe('authorization matrix', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The claim route asks GitHub through its port; here GitHub always says yes.
    useGitHubDouble(t.services, githubDouble({ ok: true }));
  });
  afterAll(() => t.close());

  for (const row of ROWS) {
    describe(row.note ? `${row.route} (${row.note})` : row.route, () => {
      for (const role of ROLES) {
        const status = row.expect[role];
        it(`${role} → ${status}`, async () => {
          const fixture = await buildFixture(t, role);
          await row.arrange?.(fixture);
          const response = await send(fixture, row.request(fixture));
          const text = await response.text();
          expect(response.status, text).toBe(status);
          const body = row.body?.[role];
          if (body !== undefined) expect(JSON.parse(text)).toMatchObject(body);
        });
      }
    });
  }
});
