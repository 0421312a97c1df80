import { everyRole, type AuthzRow, type Role } from './matrix.ts';

// Rows for the user, review, admin-read, publish and upload routes. Order of every `expect`:
// anonymous, stranger, member, owner, admin, bannedOwner, bannedPublisherOwner, foreignToken.

const every = everyRole;

/** Any signed-in person (banned ones too: reading your own record is allowed). */
const signedInRead: Record<Role, number> = { ...every(200), anonymous: 401, foreignToken: 401 };

export const nodeRows: AuthzRow[] = [
  { route: 'GET /users', request: () => ({ method: 'GET', path: '/users' }), expect: signedInRead },
  {
    route: 'GET /users/publishers/',
    request: () => ({ method: 'GET', path: '/users/publishers/' }),
    expect: signedInRead,
  },
  {
    route: 'POST /nodes/{nodeId}/reviews',
    request: (f) => ({ method: 'POST', path: `/nodes/${f.node.id}/reviews?star=4` }),
    // Any active user may rate any visible node; banned users may not write.
    expect: { ...every(200), anonymous: 401, foreignToken: 401, bannedOwner: 403 },
  },
  {
    route: 'GET /versions',
    note: 'lists every status, so admins only',
    request: (f) => ({ method: 'GET', path: `/versions?nodeId=${f.node.id}` }),
    expect: { ...every(403), admin: 200 },
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/versions',
    note: 'no token of this publisher: a Firebase token or another publisher’s token is refused',
    request: (f) => ({
      method: 'POST',
      path: `/publishers/${f.publisher.id}/nodes/${f.node.id}/versions`,
      json: { node: { id: f.node.id, name: 'x' }, node_version: { version: '9.9.9', dependencies: [] } },
    }),
    expect: every(400),
    body: { foreignToken: { message: 'Invalid personal access token' } },
  },
  {
    route: 'PUT /storage/objects',
    note: 'uploads need a signature, whoever sends them',
    request: (f) => ({
      method: 'PUT',
      path: `/storage/objects?key=${encodeURIComponent(`${f.publisher.id}/${f.node.id}/9.9.9/node.zip`)}&expires=9999999999&sig=forged`,
    }),
    expect: every(403),
  },
];
