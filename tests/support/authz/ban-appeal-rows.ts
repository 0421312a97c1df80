import { banAppeals } from '../../../src/server/db/schema/index.ts';
import { insertUser } from '../factories.ts';
import { adminOnly, everyRole, withoutSignIn, type AuthzFixture, type AuthzRow } from './matrix.ts';

// Rows for the ban-appeal routes. Order of every `expect`:
// anonymous, stranger, member, owner, admin, bannedOwner, bannedPublisherOwner, foreignToken.

const appealIds = new WeakMap<AuthzFixture, string>();

/** An open appeal of another (banned) account: what the uphold route answers. */
async function arrangeAppeal(f: AuthzFixture) {
  const appellant = await insertUser(f.t.services.db, { status: 'UserStatusBanned', bannedAt: new Date() });
  const [row] = await f.t.services.db
    .insert(banAppeals)
    .values({ subjectType: 'user', requestedByUserId: appellant.id, message: 'Please look again.' })
    .returning();
  appealIds.set(f, row!.id);
}

export const banAppealRows: AuthzRow[] = [
  {
    route: 'POST /users/ban-appeal',
    note: 'only a banned account has a ban to appeal; the others get 409',
    request: () => ({ method: 'POST', path: '/users/ban-appeal', json: { message: 'Please look again.' } }),
    expect: { ...withoutSignIn(everyRole(409)), bannedOwner: 201 },
    body: { bannedOwner: { status: 'open' }, owner: { error: 'appeal_not_applicable' } },
  },
  {
    route: 'POST /publishers/{publisherId}/ban-appeal',
    note: 'owners only, the one write a banned publisher allows; an active publisher has nothing to appeal',
    request: (f) => ({
      method: 'POST',
      path: `/publishers/${f.publisher.id}/ban-appeal`,
      json: { message: 'We fixed it.' },
    }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 403,
      owner: 409,
      admin: 403,
      bannedOwner: 403,
      bannedPublisherOwner: 201,
      foreignToken: 401,
    },
    body: {
      bannedPublisherOwner: { status: 'open' },
      bannedOwner: { error: 'user_banned' },
      member: { error: 'owner_required' },
      owner: { error: 'appeal_not_applicable' },
    },
  },
  {
    route: 'GET /admin/ban-appeals',
    arrange: arrangeAppeal,
    request: () => ({ method: 'GET', path: '/admin/ban-appeals' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /admin/ban-appeals/{appealId}/uphold',
    arrange: arrangeAppeal,
    request: (f) => ({
      method: 'POST',
      path: `/admin/ban-appeals/${appealIds.get(f)}/uphold`,
      json: { response: 'The ban stands.' },
    }),
    expect: adminOnly(200),
  },
];
