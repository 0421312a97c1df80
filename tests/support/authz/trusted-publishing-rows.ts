import { randomBytes } from 'node:crypto';
import { trustedPublishers } from '../../../src/server/db/schema/index.ts';
import { everyRole, type AuthzFixture, type AuthzRow, type Expectation } from './matrix.ts';

// Trusted publishing's rows: registrations and the CI-only switch belong to the publisher's owners
// (a signed-in session only: a CI credential is a token, so tokens and admins never add or remove
// them); admins may read them. The exchange itself takes no account at all.

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
const base = (f: AuthzFixture) => `/publishers/${f.publisher.id}/trusted-publishers`;

/** Owners only (admins too are refused); the unverified owner follows the owner unless named. */
const ownerOnly = (ok: number): Expectation => ({
  anonymous: 401,
  stranger: 403,
  member: 403,
  owner: ok,
  admin: 403,
  bannedOwner: 403,
  bannedPublisherOwner: 403,
  foreignToken: 401,
});

/** The registration each fixture's DELETE removes, made by `arrange`. */
const registrationOf = new WeakMap<AuthzFixture, string>();

async function insertRegistration(f: AuthzFixture, publisherId: string): Promise<void> {
  const [row] = await f.t.services.db
    .insert(trustedPublishers)
    .values({
      publisherId,
      nodeId: unique('tp'),
      issuer: 'https://token.actions.githubusercontent.com',
      repository: 'octo-org/example',
      workflow: 'publish.yml',
    })
    .returning();
  registrationOf.set(f, row!.id);
}

export const trustedPublishingRows: AuthzRow[] = [
  {
    route: 'GET /publishers/{publisherId}/trusted-publishers',
    request: (f) => ({ method: 'GET', path: base(f) }),
    // A read: banned users and owners of banned publishers may still see them; admins too.
    expect: { ...ownerOnly(200), admin: 200, bannedOwner: 200, bannedPublisherOwner: 200 },
  },
  {
    route: 'POST /publishers/{publisherId}/trusted-publishers',
    request: (f) => ({
      method: 'POST',
      path: base(f),
      json: { node_id: unique('tp'), repository: 'octo-org/example', workflow: 'publish.yml' },
    }),
    // Like minting a token: a verified address, and never an admin.
    expect: { ...ownerOnly(201), unverifiedOwner: 403 },
    body: { unverifiedOwner: { error: 'email_not_verified' } },
  },
  {
    route: 'DELETE /publishers/{publisherId}/trusted-publishers/{trustedPublisherId}',
    arrange: (f) => insertRegistration(f, f.publisher.id),
    request: (f) => ({ method: 'DELETE', path: `${base(f)}/${registrationOf.get(f)}` }),
    expect: ownerOnly(204),
  },
  {
    route: 'DELETE /publishers/{publisherId}/trusted-publishers/{trustedPublisherId}',
    note: "another publisher's registration",
    needs: ['foreign'],
    arrange: (f) => insertRegistration(f, f.foreign.publisher.id),
    request: (f) => ({ method: 'DELETE', path: `${base(f)}/${registrationOf.get(f)}` }),
    expect: ownerOnly(404),
  },
  {
    route: 'PUT /publishers/{publisherId}/nodes/{nodeId}/trusted-publishing',
    request: (f) => ({
      method: 'PUT',
      path: `/publishers/${f.publisher.id}/nodes/${f.node.id}/trusted-publishing`,
      json: { require_trusted_publishing: true },
    }),
    expect: ownerOnly(200),
  },
  {
    route: 'POST /trusted-publishing/exchange',
    note: 'no account counts: the identity token is the only proof',
    request: () => ({ method: 'POST', path: '/trusted-publishing/exchange', json: { token: 'not-a-jwt' } }),
    expect: everyRole(401),
  },
];
