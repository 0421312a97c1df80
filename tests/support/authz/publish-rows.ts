import { comfyCliPublishBody } from '../publish.ts';
import { buildZip, samplePackFiles } from '../zip.ts';
import { everyRole, type AuthzFixture, type AuthzRow } from './matrix.ts';

// Rows for comfy-cli's publish and the upload of its zip. These are authorized by a personal
// access token (not a Firebase sign-in), which acts for the account that created it: its standing
// (banned, removed) and the publisher's decide, whoever sends the request.

const versionsPath = (f: AuthzFixture) => `/publishers/${f.publisher.id}/nodes/${f.node.id}/versions`;
const publishBody = (f: AuthzFixture, token: string | undefined) => comfyCliPublishBody(token, f.node.id, '9.9.9');

const zip = buildZip(samplePackFiles());
/** Upload URLs handed out by a publish made in `beforeStanding`, per case. */
const uploadUrls = new WeakMap<AuthzFixture, string>();

/** Publishes with the role's publisher token while everyone is in good standing; keeps the URL. */
async function publishBeforeStanding(f: AuthzFixture): Promise<void> {
  const response = await f.t.request(versionsPath(f), { method: 'POST', json: publishBody(f, f.publisherToken) });
  if (response.status !== 201) throw new Error(`publish answered ${response.status}: ${await response.text()}`);
  const { signedUrl } = (await response.json()) as { signedUrl: string };
  const url = new URL(signedUrl);
  uploadUrls.set(f, `${url.pathname}${url.search}`);
}

const bannedUser = { error: 'user_banned' };
const bannedPublisher = { error: 'publisher_banned' };

export const publishRows: AuthzRow[] = [
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions',
    note: 'whatever the role sends as Authorization: only a token of this publisher publishes',
    request: (f) => ({ method: 'POST', path: versionsPath(f), json: publishBody(f, undefined) }),
    // A Firebase ID token is no personal access token: 400 as upstream answers a bad token.
    expect: { ...everyRole(400), ownerToken: 201, bannedOwnerToken: 403 },
    body: {
      foreignToken: { message: 'Invalid personal access token' },
      owner: { error: 'invalid_token' },
      admin: { error: 'invalid_token' },
      bannedOwnerToken: bannedUser,
    },
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions',
    note: 'comfy-cli style, the role’s token in the body (a Firebase role: none)',
    request: (f) => ({ method: 'POST', path: versionsPath(f), json: publishBody(f, f.pat) }),
    expect: { ...everyRole(400), ownerToken: 201, bannedOwnerToken: 403 },
    body: { foreignToken: { error: 'invalid_token' }, bannedOwnerToken: bannedUser },
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions',
    note: 'a token of this publisher made by the role’s account (owners) or by its first owner',
    request: (f) => ({ method: 'POST', path: versionsPath(f), json: publishBody(f, f.publisherToken) }),
    expect: { ...everyRole(201), bannedOwner: 403, bannedPublisherOwner: 403, bannedOwnerToken: 403 },
    body: { bannedOwner: bannedUser, bannedPublisherOwner: bannedPublisher, bannedOwnerToken: bannedUser },
  },
];

export const uploadRows: AuthzRow[] = [
  {
    route: 'PUT /storage/objects',
    note: 'uploads need a signature, whoever sends them',
    request: (f) => ({
      method: 'PUT',
      path: `/storage/objects?key=${encodeURIComponent(`${f.publisher.id}/${f.node.id}/9.9.9/node.zip`)}&expires=9999999999&sig=forged`,
      raw: { body: zip, contentType: 'application/zip' },
    }),
    expect: everyRole(403),
  },
  {
    route: 'PUT /storage/objects',
    note: 'a URL from a publish by the role’s publisher token, before the role’s bans',
    beforeStanding: publishBeforeStanding,
    request: (f) => ({
      method: 'PUT',
      path: uploadUrls.get(f)!,
      raw: { body: zip, contentType: 'application/zip' },
    }),
    // The signature is the credential; the publisher's standing and its token creator's decide.
    expect: { ...everyRole(200), bannedOwner: 403, bannedPublisherOwner: 403, bannedOwnerToken: 403 },
    body: { bannedOwner: bannedUser, bannedPublisherOwner: bannedPublisher, bannedOwnerToken: bannedUser },
  },
];
