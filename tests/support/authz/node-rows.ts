import { everyRole, withoutSignIn, type AuthzRow, type StandingRole } from './matrix.ts';
import { accountRows } from './account-rows.ts';
import { archiveUploadRows } from './archive-upload-rows.ts';
import { publishRows, uploadRows } from './publish-rows.ts';

// Rows for the user, review, admin-read, publish and upload routes. Order of every `expect`:
// anonymous, stranger, member, owner, admin, bannedOwner, bannedPublisherOwner, foreignToken
// (then ownerToken, bannedOwnerToken where they differ from foreignToken).

const every = everyRole;

/** Any signed-in person (banned ones too: reading your own record is allowed). */
const signedInRead: Record<StandingRole, number> = withoutSignIn(every(200));

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
    expect: withoutSignIn({ ...every(200), bannedOwner: 403 }),
  },
  {
    route: 'GET /versions',
    note: 'lists every status, so admins only',
    request: (f) => ({ method: 'GET', path: `/versions?nodeId=${f.node.id}` }),
    expect: { ...every(403), admin: 200 },
  },
  ...publishRows,
  ...uploadRows,
  ...archiveUploadRows,
  ...accountRows,
];
