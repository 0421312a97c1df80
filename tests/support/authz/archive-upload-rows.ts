import { buildZip } from '../zip.ts';
import { everyRole, type AuthzFixture, type AuthzRow } from './matrix.ts';

// Rows for the dashboard's zip upload (POST /publishers/{publisherId}/archives): a Firebase sign-in
// of an owner or member with a verified address, or a personal access token of the publisher, which
// acts for its creator as in comfy-cli's publish. Admins do not publish for others (version.publish).

/** A clean pack whose pyproject.toml names the fixture's publisher and `nodeId`, at version 9.9.9. */
function packFor(publisherId: string, nodeId: string): Uint8Array<ArrayBuffer> {
  return buildZip({
    'pyproject.toml': `[project]\nname = "${nodeId}"\nversion = "9.9.9"\n\n[tool.comfy]\nPublisherId = "${publisherId}"\n`,
    '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n',
  });
}

const archivesPath = (f: AuthzFixture) => `/publishers/${f.publisher.id}/archives`;
const zipBody = (bytes: Uint8Array<ArrayBuffer>) => ({ body: bytes, contentType: 'application/zip' });

export const archiveUploadRows: AuthzRow[] = [
  {
    route: 'POST /publishers/{publisherId}/archives',
    note: 'a new version of the publisher’s node',
    request: (f) => ({ method: 'POST', path: archivesPath(f), raw: zipBody(packFor(f.publisher.id, f.node.id)) }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 201,
      owner: 201,
      // The admin flag grants no publishing (services/publishers/access.ts).
      admin: 403,
      bannedOwner: 403,
      bannedPublisherOwner: 403,
      // Another publisher's token is no credential here: the same 400 as comfy-cli's publish.
      foreignToken: 400,
      ownerToken: 201,
      bannedOwnerToken: 403,
      unverifiedOwner: 403,
    },
    body: {
      stranger: { error: 'not_a_member' },
      bannedOwner: { error: 'user_banned' },
      bannedPublisherOwner: { error: 'publisher_banned' },
      foreignToken: { error: 'invalid_token' },
      bannedOwnerToken: { error: 'user_banned' },
      unverifiedOwner: { error: 'email_not_verified' },
    },
  },
  {
    route: 'POST /publishers/{publisherId}/archives',
    note: 'a zip naming another publisher’s node (upstream IDOR shape)',
    needs: ['foreign'],
    request: (f) => ({
      method: 'POST',
      path: archivesPath(f),
      raw: zipBody(packFor(f.publisher.id, f.foreign.node.id)),
    }),
    expect: {
      ...everyRole(403),
      anonymous: 401,
      foreignToken: 400,
    },
    body: { member: { error: 'node_owned_elsewhere' }, ownerToken: { error: 'node_owned_elsewhere' } },
  },
];
