import { packReports } from '../../../src/server/db/schema/index.ts';
import { insertUser } from '../factories.ts';
import { adminOnly, everyRole, type AuthzFixture, type AuthzRow } from './matrix.ts';

// Rows for the pack-report routes. Order of every `expect`:
// anonymous, stranger, member, owner, admin, bannedOwner, bannedPublisherOwner, foreignToken.

const reportIds = new WeakMap<AuthzFixture, string>();

/** An open report about the fixture's node, filed by someone else. */
async function arrangeReport(f: AuthzFixture) {
  const reporter = await insertUser(f.t.services.db);
  const [row] = await f.t.services.db
    .insert(packReports)
    .values({ nodeId: f.node.id, reporterUserId: reporter.id, reason: 'spam' })
    .returning();
  reportIds.set(f, row!.id);
}

// Any active user may report any visible node (owners too); banned users and tokens may not.
const activeUsersMayReport = {
  ...everyRole(201),
  anonymous: 401,
  foreignToken: 401,
  ownerToken: 401,
  bannedOwnerToken: 401,
  bannedOwner: 403,
} as const;

export const reportRows: AuthzRow[] = [
  {
    route: 'POST /nodes/{nodeId}/reports',
    request: (f) => ({ method: 'POST', path: `/nodes/${f.node.id}/reports`, json: { reason: 'spam' } }),
    expect: activeUsersMayReport,
  },
  {
    route: 'POST /nodes/{nodeId}/reports',
    note: 'a version of the node',
    request: (f) => ({
      method: 'POST',
      path: `/nodes/${f.node.id}/reports`,
      json: { reason: 'broken', version: f.version.version },
    }),
    expect: activeUsersMayReport,
  },
  {
    route: 'GET /admin/reports',
    arrange: arrangeReport,
    request: () => ({ method: 'GET', path: '/admin/reports' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /admin/reports/{reportId}/resolve',
    arrange: arrangeReport,
    request: (f) => ({
      method: 'POST',
      path: `/admin/reports/${reportIds.get(f)}/resolve`,
      json: { decision: 'dismissed', note: 'x' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/collisions',
    note: 'a read: members and admins, banned accounts included',
    request: (f) => ({ method: 'GET', path: `/publishers/${f.publisher.id}/nodes/${f.node.id}/collisions` }),
    expect: {
      ...everyRole(200),
      anonymous: 401,
      foreignToken: 401,
      ownerToken: 401,
      bannedOwnerToken: 401,
      stranger: 403,
    },
  },
  {
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/collisions',
    note: 'node of another publisher',
    needs: ['foreign'],
    request: (f) => ({ method: 'GET', path: `/publishers/${f.publisher.id}/nodes/${f.foreign.node.id}/collisions` }),
    expect: {
      ...everyRole(404),
      anonymous: 401,
      foreignToken: 401,
      ownerToken: 401,
      bannedOwnerToken: 401,
      stranger: 403,
    },
  },
];
