import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleUpload } from '../../src/server/services/ci/sample-upload.ts';
import { insertServiceToken } from '../support/service-tokens.ts';
import { buildFixture, everyRole, ROLES, send, type AuthzRow, type Role } from '../support/authz/matrix.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The Comfy CI routes in the authorization matrix's terms: writes need a service token or an
// admin (no publisher role counts, banned admins are refused); reads are public, whoever asks.

const uploadRule: Record<Role, number> = { ...everyRole(403), anonymous: 401, foreignToken: 401, admin: 200 };
const hash = () => randomBytes(20).toString('hex');

const ROWS: AuthzRow[] = [
  {
    route: 'POST /upload-artifact',
    request: () => ({ method: 'POST', path: '/upload-artifact', json: sampleUpload({ commit_hash: hash() }) }),
    expect: uploadRule,
  },
  { route: 'GET /gitcommit', request: () => ({ method: 'GET', path: '/gitcommit' }), expect: everyRole(200) },
  {
    route: 'GET /gitcommitsummary',
    request: () => ({ method: 'GET', path: '/gitcommitsummary' }),
    expect: everyRole(200),
  },
  { route: 'GET /branch', request: () => ({ method: 'GET', path: '/branch' }), expect: everyRole(200) },
  {
    route: 'GET /workflowresult/{workflowResultId}',
    note: 'unknown id: a 404 for everyone, never a 401/403',
    request: () => ({ method: 'GET', path: '/workflowresult/00000000-0000-4000-8000-000000000000' }),
    expect: everyRole(404),
  },
];

describe('authorization: Comfy CI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const row of ROWS) {
    describe(row.note ? `${row.route} (${row.note})` : row.route, () => {
      for (const role of ROLES) {
        it(`${role} → ${row.expect[role]}`, async () => {
          const fixture = await buildFixture(t, role);
          const response = await send(fixture, row.request(fixture));
          expect(response.status, await response.text()).toBe(row.expect[role]);
        });
      }
    });
  }

  it('POST /upload-artifact: a live service token → 200, a revoked or unknown one → 401', async () => {
    const { token } = await insertServiceToken(t.services.db);
    const body = { method: 'POST', json: sampleUpload({ commit_hash: hash() }) };
    expect((await t.request('/upload-artifact', { ...body, token })).status).toBe(200);
    expect((await t.request('/upload-artifact', { ...body, token: `${token}x` })).status).toBe(401);
  });
});
