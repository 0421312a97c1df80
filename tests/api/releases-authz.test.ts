import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelease } from '../../src/server/services/releases/write-release.ts';
import { insertServiceToken } from '../support/service-tokens.ts';
import { insertUser } from '../support/factories.ts';
import {
  buildFixture,
  everyRole,
  ROLES,
  send,
  type AuthzFixture,
  type AuthzRow,
  type Role,
} from '../support/authz/matrix.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Release notes in the authorization matrix's terms: only an active admin writes (no publisher
// role counts, a banned admin is refused, a token is not an admin); anyone reads.

let versionCounter = 0;
const nextVersion = () => `3.0.${(versionCounter += 1)}`;
const noteIds = new WeakMap<AuthzFixture, number>();

async function arrangeNote(f: AuthzFixture) {
  const author = await insertUser(f.t.services.db, { isAdmin: true });
  const row = await createRelease(f.t.services.db, author, {
    project: 'comfyui',
    version: nextVersion(),
    locale: 'en',
    attention: 'low',
    content: 'x',
    formFactors: [],
    publishedAt: new Date(),
  });
  noteIds.set(f, row.id);
}

const adminOnly = (success: number): Record<Role, number> => ({
  ...everyRole(403),
  anonymous: 401,
  foreignToken: 401,
  admin: success,
});

const ROWS: AuthzRow[] = [
  {
    route: 'POST /admin/releases',
    request: () => ({
      method: 'POST',
      path: '/admin/releases',
      json: { project: 'comfyui', version: nextVersion(), content: 'x' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /admin/releases/{releaseId}',
    arrange: arrangeNote,
    request: (f) => ({ method: 'PUT', path: `/admin/releases/${noteIds.get(f)}`, json: { content: 'y' } }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /admin/releases/{releaseId}',
    arrange: arrangeNote,
    request: (f) => ({ method: 'DELETE', path: `/admin/releases/${noteIds.get(f)}` }),
    expect: adminOnly(204),
  },
  {
    route: 'GET /releases',
    request: () => ({ method: 'GET', path: '/releases?project=comfyui' }),
    expect: everyRole(200),
  },
];

describe('authorization: release notes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const row of ROWS) {
    describe(row.route, () => {
      for (const role of ROLES) {
        it(`${role} → ${row.expect[role]}`, async () => {
          const fixture = await buildFixture(t, role);
          await row.arrange?.(fixture);
          const response = await send(fixture, row.request(fixture));
          expect(response.status, await response.text()).toBe(row.expect[role]);
        });
      }
    });
  }

  it('a service token is not an admin: 401 on every release write', async () => {
    const { token } = await insertServiceToken(t.services.db);
    const response = await t.request('/admin/releases', {
      method: 'POST',
      token,
      json: { project: 'comfyui', version: nextVersion(), content: 'x' },
    });
    expect(response.status).toBe(401);
  });
});
