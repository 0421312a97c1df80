import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeVersions } from '../../src/server/db/schema/index.ts';
import { buildFixture, everyRole, ROLES, send, type AuthzRow } from '../support/authz/matrix.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The moderation routes in the authorization matrix's terms. /security-scan is automation
// (admins or service tokens); findings are readable by the publisher's people and admins, even
// banned ones (a read); a rescan is a write, so bans apply.

const versionPath = (f: Parameters<AuthzRow['request']>[0]) =>
  `/publishers/${f.publisher.id}/nodes/${f.node.id}/versions/${f.version.version}`;

const ROWS: AuthzRow[] = [
  {
    route: 'GET /security-scan',
    request: () => ({ method: 'GET', path: '/security-scan' }),
    expect: { ...everyRole(403), anonymous: 401, foreignToken: 401, admin: 200 },
  },
  {
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/findings',
    request: (f) => ({ method: 'GET', path: `${versionPath(f)}/findings` }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 200,
      owner: 200,
      admin: 200,
      bannedOwner: 200,
      bannedPublisherOwner: 200,
      foreignToken: 401,
    },
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/rescan',
    note: 'a Flagged version',
    arrange: async (f) => {
      await f.t.services.db
        .update(nodeVersions)
        .set({ status: 'NodeVersionStatusFlagged' })
        .where(eq(nodeVersions.id, f.version.id));
    },
    request: (f) => ({ method: 'POST', path: `${versionPath(f)}/rescan` }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 202,
      owner: 202,
      admin: 202,
      bannedOwner: 403,
      bannedPublisherOwner: 403,
      foreignToken: 401,
    },
  },
  {
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/findings',
    note: 'a node of another publisher: 404 for whoever may read',
    request: (f) => ({
      method: 'GET',
      path: `/publishers/${f.publisher.id}/nodes/${f.foreign.node.id}/versions/1.0.0/findings`,
    }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 404,
      owner: 404,
      admin: 404,
      bannedOwner: 404,
      bannedPublisherOwner: 404,
      foreignToken: 401,
    },
  },
];

describe('authorization: moderation', () => {
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
          await row.arrange?.(fixture);
          const response = await send(fixture, row.request(fixture));
          expect(response.status, await response.text()).toBe(row.expect[role]);
        });
      }
    });
  }
});
