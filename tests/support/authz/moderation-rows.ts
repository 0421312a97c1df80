import { eq } from 'drizzle-orm';
import { nodeVersions } from '../../../src/server/db/schema/index.ts';
import { adminOnly, type AuthzRow } from './matrix.ts';

// The moderation routes in the authorization matrix's terms. /security-scan is automation
// (admins or service tokens); findings are readable by the publisher's people and admins, even
// banned ones (a read); a rescan is a write, so bans apply. A review request is the publisher's
// own voice: its owners and members only (an admin without a role decides, they do not ask).

const versionPath = (f: Parameters<AuthzRow['request']>[0]) =>
  `/publishers/${f.publisher.id}/nodes/${f.node.id}/versions/${f.version.version}`;

export const moderationRows: AuthzRow[] = [
  {
    route: 'GET /security-scan',
    request: () => ({ method: 'GET', path: '/security-scan' }),
    expect: adminOnly(200),
  },
  {
    // What changed since 1.0.0 (issue 29.3): read like the findings it compares.
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/changes',
    request: (f) => ({ method: 'GET', path: `${versionPath(f)}/changes?from=1.0.0` }),
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
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/review-requests',
    note: 'a Flagged version',
    arrange: async (f) => {
      await f.t.services.db
        .update(nodeVersions)
        .set({ status: 'NodeVersionStatusFlagged' })
        .where(eq(nodeVersions.id, f.version.id));
    },
    request: (f) => ({
      method: 'POST',
      path: `${versionPath(f)}/review-requests`,
      json: { message: 'The flagged call only reads a bundled icon.' },
    }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 201,
      owner: 201,
      admin: 403,
      bannedOwner: 403,
      bannedPublisherOwner: 403,
      foreignToken: 401,
    },
  },
  {
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/findings',
    note: 'a node of another publisher: 404 for whoever may read',
    needs: ['foreign'],
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
