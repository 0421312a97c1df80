import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import { applyStanding, buildFixture, expectedStatus, ROLES, send, type AuthzRow } from './matrix.ts';

/**
 * One fresh app for the enclosing describe block (built before its tests, closed after). `setup`
 * runs once on it, e.g. to swap a port for a double. Returns a getter, valid inside tests.
 */
export function useTestApp(setup?: (t: TestApp) => void): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    setup?.(t);
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the test app exists only inside tests');
    return t;
  };
}

/**
 * Registers the matrix: per row a describe block, per role one test sending the row's request as
 * that role and asserting the exact status (and, where the row gives one, the body). Order per case:
 * build the records, `beforeStanding`, apply the role's bans, `arrange`, send.
 */
export function describeAuthzRows(rows: readonly AuthzRow[], app: () => TestApp): void {
  for (const row of rows) {
    describe(row.note ? `${row.route} (${row.note})` : row.route, () => {
      for (const role of ROLES) {
        const status = expectedStatus(row.expect, role);
        it(`${role} → ${status}`, async () => {
          const fixture = await buildFixture(app(), role, row.needs);
          await row.beforeStanding?.(fixture);
          await applyStanding(fixture);
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
}
