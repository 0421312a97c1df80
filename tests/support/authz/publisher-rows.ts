import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { nodes } from '../../../src/server/db/schema/index.ts';
import {
  everyRole,
  ROLES,
  withoutSignIn,
  type AuthzFixture,
  type AuthzRow,
  type Expectation,
  type Role,
} from './matrix.ts';

// Rows for the publisher, node-management, version-management, token and permission routes.
// Order of every `expect`: anonymous, stranger, member, owner, admin, bannedOwner, bannedPublisherOwner,
// foreignToken (see ROLES in matrix.ts).

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
const base = (f: AuthzFixture) => `/publishers/${f.publisher.id}`;
const nodePath = (f: AuthzFixture) => `${base(f)}/nodes/${f.node.id}`;

/** Owner and admin only (plus the usual 401/403s). */
const ownerOrAdmin = (ok: number): Expectation => ({
  anonymous: 401,
  stranger: 403,
  member: 403,
  owner: ok,
  admin: ok,
  bannedOwner: 403,
  bannedPublisherOwner: 403,
  foreignToken: 401,
});

/** Owner, member and admin. */
const anyRoleOrAdmin = (ok: number): Expectation => ({ ...ownerOrAdmin(ok), member: ok });

const canEdit = (allowed: Role[]): Partial<Record<Role, object>> =>
  // The unverified owner may edit what the owner may (only creating publishers and tokens needs verifying).
  Object.fromEntries(
    ROLES.map((role) => [role, { canEdit: allowed.includes(role === 'unverifiedOwner' ? 'owner' : role) }]),
  );

const allOk = everyRole;

export const publisherRows: AuthzRow[] = [
  {
    route: 'POST /publishers',
    request: () => ({ method: 'POST', path: '/publishers', json: { id: unique('p'), name: 'New' } }),
    expect: {
      anonymous: 401,
      stranger: 201,
      member: 201,
      owner: 201,
      admin: 201,
      bannedOwner: 403,
      bannedPublisherOwner: 201,
      foreignToken: 401,
      // Publishing needs a verified address (issue 16.5).
      unverifiedOwner: 403,
    },
    body: { unverifiedOwner: { error: 'email_not_verified' } },
  },
  {
    route: 'PUT /publishers/{publisherId}',
    request: (f) => ({ method: 'PUT', path: base(f), json: { name: 'Renamed' } }),
    expect: ownerOrAdmin(200),
  },
  {
    route: 'DELETE /publishers/{publisherId}',
    note: 'after its node was deleted',
    arrange: async (f) => {
      await f.t.services.db.update(nodes).set({ status: 'NodeStatusDeleted' }).where(eq(nodes.id, f.node.id));
    },
    request: (f) => ({ method: 'DELETE', path: base(f) }),
    expect: ownerOrAdmin(204),
  },
  {
    route: 'GET /publishers/{publisherId}/permissions',
    request: (f) => ({ method: 'GET', path: `${base(f)}/permissions` }),
    expect: allOk(200),
    body: canEdit(['owner', 'admin']),
  },
  {
    route: 'GET /publishers/{publisherId}/nodes/{nodeId}/permissions',
    request: (f) => ({ method: 'GET', path: `${nodePath(f)}/permissions` }),
    expect: allOk(200),
    body: canEdit(['member', 'owner', 'admin']),
  },
  {
    route: 'GET /publishers/{publisherId}/tokens',
    request: (f) => ({ method: 'GET', path: `${base(f)}/tokens` }),
    // A read: banned users and owners of banned publishers may still see their tokens.
    expect: { ...ownerOrAdmin(200), bannedOwner: 200, bannedPublisherOwner: 200 },
  },
  {
    route: 'POST /publishers/{publisherId}/tokens',
    request: (f) => ({ method: 'POST', path: `${base(f)}/tokens`, json: { name: 'ci' } }),
    // Admins revoke but never mint tokens.
    expect: { ...ownerOrAdmin(201), admin: 403, unverifiedOwner: 403 },
    body: { unverifiedOwner: { error: 'email_not_verified' } },
  },
  {
    route: 'DELETE /publishers/{publisherId}/tokens/{tokenId}',
    request: (f) => ({ method: 'DELETE', path: `${base(f)}/tokens/${f.token.id}` }),
    expect: ownerOrAdmin(204),
  },
  {
    route: 'DELETE /publishers/{publisherId}/tokens/{tokenId}',
    note: "another publisher's token",
    needs: ['foreign'],
    request: (f) => ({ method: 'DELETE', path: `${base(f)}/tokens/${f.foreign.token.id}` }),
    expect: ownerOrAdmin(404),
  },
  {
    route: 'POST /publishers/{publisherId}/nodes',
    request: (f) => ({ method: 'POST', path: `${base(f)}/nodes`, json: { id: unique('node') } }),
    expect: anyRoleOrAdmin(201),
  },
  {
    route: 'PUT /publishers/{publisherId}/nodes/{nodeId}',
    request: (f) => ({ method: 'PUT', path: nodePath(f), json: { description: 'edited' } }),
    expect: anyRoleOrAdmin(200),
  },
  {
    route: 'PUT /publishers/{publisherId}/nodes/{nodeId}',
    note: "another publisher's node",
    needs: ['foreign'],
    request: (f) => ({ method: 'PUT', path: `${base(f)}/nodes/${f.foreign.node.id}`, json: { description: 'x' } }),
    expect: anyRoleOrAdmin(404),
  },
  {
    route: 'DELETE /publishers/{publisherId}/nodes/{nodeId}',
    request: (f) => ({ method: 'DELETE', path: nodePath(f) }),
    expect: ownerOrAdmin(204),
  },
  {
    route: 'DELETE /publishers/{publisherId}/nodes/{nodeId}',
    note: "another publisher's node",
    needs: ['foreign'],
    request: (f) => ({ method: 'DELETE', path: `${base(f)}/nodes/${f.foreign.node.id}` }),
    expect: ownerOrAdmin(404),
  },
  {
    route: 'PUT /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
    request: (f) => ({ method: 'PUT', path: `${nodePath(f)}/versions/${f.version.id}`, json: { deprecated: true } }),
    expect: anyRoleOrAdmin(200),
  },
  {
    route: 'PUT /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
    note: 'version of another node (upstream IDOR)',
    needs: ['foreign'],
    request: (f) => ({
      method: 'PUT',
      path: `${nodePath(f)}/versions/${f.foreign.version.id}`,
      json: { changelog: 'pwned' },
    }),
    expect: anyRoleOrAdmin(404),
  },
  {
    route: 'DELETE /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
    request: (f) => ({ method: 'DELETE', path: `${nodePath(f)}/versions/${f.version.id}` }),
    expect: ownerOrAdmin(204),
  },
  {
    route: 'DELETE /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
    note: 'version of another node (upstream IDOR)',
    needs: ['foreign'],
    request: (f) => ({ method: 'DELETE', path: `${nodePath(f)}/versions/${f.foreign.version.id}` }),
    expect: ownerOrAdmin(404),
  },
  // Yank (issue 29.1): owners and admins, signed in. A personal access token, even the publisher's own
  // (ownerToken), is no sign-in here: PyPI too lets only signed-in owners yank.
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/yank',
    request: (f) => ({
      method: 'POST',
      path: `${nodePath(f)}/versions/${f.version.version}/yank`,
      json: { reason: 'broken' },
    }),
    expect: ownerOrAdmin(200),
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/yank',
    note: 'version of another publisher’s node',
    needs: ['foreign'],
    request: (f) => ({
      method: 'POST',
      path: `${nodePath(f)}/versions/${f.foreign.version.id}/yank`,
      json: { reason: 'pwned' },
    }),
    expect: ownerOrAdmin(404),
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions/{version}/unyank',
    request: (f) => ({ method: 'POST', path: `${nodePath(f)}/versions/${f.version.version}/unyank` }),
    expect: ownerOrAdmin(200),
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/claim-my-node',
    note: 'GitHub confirms access',
    needs: ['unclaimedNode'],
    request: (f) => ({
      method: 'POST',
      path: `${base(f)}/nodes/${f.unclaimedNode.id}/claim-my-node`,
      json: { GH_TOKEN: 'gho_test' },
    }),
    expect: anyRoleOrAdmin(204),
  },
  {
    route: 'GET /users/publishers/',
    request: () => ({ method: 'GET', path: '/users/publishers/' }),
    expect: withoutSignIn(allOk(200)),
  },
];
