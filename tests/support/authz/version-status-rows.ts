import type { AuthzFixture, AuthzRow } from './matrix.ts';

// The version verdict a CI polls (GET …/versions/{version}/status) in the authorization matrix's
// terms: a read for the publisher's members, owners and admins (banned ones too), and for any
// personal access token of the publisher; a token of another publisher is no credential here (401).

const statusPath = (f: AuthzFixture) =>
  `/publishers/${f.publisher.id}/nodes/${f.node.id}/versions/${f.version.version}/status`;

export const versionStatusRows: AuthzRow[] = [
  {
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/status',
    request: (f) => ({ method: 'GET', path: statusPath(f) }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 200,
      owner: 200,
      admin: 200,
      bannedOwner: 200,
      bannedPublisherOwner: 200,
      foreignToken: 401,
      ownerToken: 200,
      bannedOwnerToken: 200,
    },
  },
];
