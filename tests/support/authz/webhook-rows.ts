import { randomUUID } from 'node:crypto';
import { webhookEndpoints } from '../../../src/server/db/schema/index.ts';
import {
  encryptEndpointSecret,
  generateEndpointSecret,
} from '../../../src/server/services/webhooks/endpoint-secret.ts';
import type { AuthzFixture, AuthzRow, Expectation } from './matrix.ts';

// Webhook endpoints in the authorization matrix's terms: owners and admins read them (banned ones
// too: a read), only an active owner of an active publisher registers, removes or pings one (admins
// neither: an endpoint receives all of a publisher's events), and nobody reaches another publisher's.
// Order of every `expect`: anonymous, stranger, member, owner, admin, bannedOwner, bannedPublisherOwner, foreignToken.

const base = (f: AuthzFixture) => `/publishers/${f.publisher.id}/webhooks`;
const endpointIds = new WeakMap<AuthzFixture, string>();

/** An endpoint of the publisher in the path (or, with `foreign`, of the other publisher). */
async function arrangeEndpoint(f: AuthzFixture, foreign = false) {
  const id = randomUUID();
  await f.t.services.db.insert(webhookEndpoints).values({
    id,
    publisherId: foreign ? f.foreign.publisher.id : f.publisher.id,
    url: 'https://hooks.example.com/nodeyard',
    events: ['version.active'],
    secretCiphertext: encryptEndpointSecret(generateEndpointSecret(), id, f.t.services.config.signingSecret),
    secretPrefix: 'whsec_test',
  });
  endpointIds.set(f, id);
}

const ownerOrAdminRead: Expectation = {
  anonymous: 401,
  stranger: 403,
  member: 403,
  owner: 200,
  admin: 200,
  bannedOwner: 200,
  bannedPublisherOwner: 200,
  foreignToken: 401,
};

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

export const webhookRows: AuthzRow[] = [
  {
    route: 'GET /publishers/{publisherId}/webhooks',
    arrange: (f) => arrangeEndpoint(f),
    request: (f) => ({ method: 'GET', path: base(f) }),
    expect: ownerOrAdminRead,
  },
  {
    route: 'POST /publishers/{publisherId}/webhooks',
    request: (f) => ({
      method: 'POST',
      path: base(f),
      json: { url: 'https://hooks.example.com/new', events: ['version.flagged'] },
    }),
    expect: ownerOnly(201),
  },
  {
    route: 'DELETE /publishers/{publisherId}/webhooks/{webhookId}',
    arrange: (f) => arrangeEndpoint(f),
    request: (f) => ({ method: 'DELETE', path: `${base(f)}/${endpointIds.get(f)}` }),
    expect: ownerOnly(204),
  },
  {
    route: 'DELETE /publishers/{publisherId}/webhooks/{webhookId}',
    note: "another publisher's endpoint",
    needs: ['foreign'],
    arrange: (f) => arrangeEndpoint(f, true),
    request: (f) => ({ method: 'DELETE', path: `${base(f)}/${endpointIds.get(f)}` }),
    expect: ownerOnly(404),
  },
  {
    route: 'POST /publishers/{publisherId}/webhooks/{webhookId}/ping',
    arrange: (f) => arrangeEndpoint(f),
    request: (f) => ({ method: 'POST', path: `${base(f)}/${endpointIds.get(f)}/ping` }),
    expect: ownerOnly(202),
  },
];
