import type { NodeRow, NodeVersionRow, PublisherRow, TokenRow, UserRow } from '../../../src/server/db/rows.ts';
import { and, eq } from 'drizzle-orm';
import { publisherPermissions, publishers, users } from '../../../src/server/db/schema/index.ts';
import { ensureUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from '../../../src/server/services/publishers/unclaimed.ts';
import { insertNode, insertPublisher, insertToken, insertUser, insertVersions } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { signedIn, type Actor } from './actors.ts';

/** Who sends the request. Every protected route is tried as each of them. */
export const BASE_ROLES = [
  'anonymous',
  'stranger',
  'member',
  'owner',
  'admin',
  /** A banned user (users.status) who owns the publisher in the path. */
  'bannedOwner',
  /** The owner of the publisher in the path, which is banned. */
  'bannedPublisherOwner',
  /** No Firebase token: a personal access token of ANOTHER publisher as `Authorization: Bearer`. */
  'foreignToken',
] as const;

/**
 * Callers holding only a personal access token OF THE PUBLISHER IN THE PATH (`Authorization: Bearer
 * nyd_pat_…`), made by an owner. To every Firebase route such a token is no sign-in at all, so a row
 * that leaves them out expects what it expects of `foreignToken`.
 */
export const TOKEN_ROLES = [
  /** The token of an active owner. */
  'ownerToken',
  /** The token an owner made before being banned. */
  'bannedOwnerToken',
] as const;

/**
 * The owner of the publisher in the path, signed in with an e-mail address not verified yet. Every
 * other role's address is verified. Only creating publishers and tokens needs a verified address, so a
 * row that leaves this role out expects what it expects of `owner`.
 */
export const VERIFICATION_ROLES = ['unverifiedOwner'] as const;

export const ROLES = [...BASE_ROLES, ...TOKEN_ROLES, ...VERIFICATION_ROLES] as const;
export type BaseRole = (typeof BASE_ROLES)[number];
export type TokenRole = (typeof TOKEN_ROLES)[number];
export type VerificationRole = (typeof VERIFICATION_ROLES)[number];
export type Role = (typeof ROLES)[number];

/**
 * The status each role must get: every base role named, token roles default to `foreignToken`'s and
 * the unverified owner to `owner`'s.
 */
export type Expectation = Record<BaseRole, number> &
  Partial<Record<TokenRole, number>> &
  Partial<Record<VerificationRole, number>>;

export function expectedStatus(expect: Expectation, role: Role): number {
  const named = (expect as Partial<Record<Role, number>>)[role];
  if (named !== undefined) return named;
  return role === 'unverifiedOwner' ? expect.owner : expect.foreignToken;
}

/** The roles a row's `everyRole` names; the verification roles follow `owner` unless named. */
export type StandingRole = BaseRole | TokenRole;

/** The same status for every role but the verification ones (rows then override the roles that differ). */
export function everyRole<T>(value: T): Record<StandingRole, T> {
  return Object.fromEntries([...BASE_ROLES, ...TOKEN_ROLES].map((role) => [role, value])) as Record<StandingRole, T>;
}

/** No Firebase ID token: anonymous and every personal-access-token caller. */
export const NO_FIREBASE_USER: readonly Role[] = ['anonymous', 'foreignToken', ...TOKEN_ROLES];

/** `value` for callers without a Firebase ID token (typically 401), on top of `rest`. */
export function withoutSignIn(rest: Record<StandingRole, number>, value = 401): Record<StandingRole, number> {
  return { ...rest, ...Object.fromEntries(NO_FIREBASE_USER.map((role) => [role, value])) };
}

/** Admin-only routes: only an active admin gets `success`; no Firebase user is 401, the rest 403. */
export function adminOnly(success: number): Record<StandingRole, number> {
  return { ...withoutSignIn(everyRole(403)), admin: success };
}

export interface OwnedRecords {
  publisher: PublisherRow;
  /** An active node of the publisher, with versions 1.0.0 and 1.1.0 (`version` is 1.1.0). */
  node: NodeRow;
  version: NodeVersionRow;
  token: TokenRow;
}

/** Fresh records for one (row, role) case. */
export interface AuthzFixture extends OwnedRecords {
  t: TestApp;
  role: Role;
  /** The caller's database row (the token's creator for token roles; undefined for anonymous and foreignToken). */
  actor: UserRow | undefined;
  /** The personal access token the role holds (foreignToken and the token roles), else undefined. */
  pat: string | undefined;
  /**
   * A personal access token of the publisher in the path made by the role's own account when it owns
   * the publisher (owner roles; the token roles' own token), else by the publisher's original owner:
   * what a publish "by this role" uses.
   */
  publisherToken: string;
  /** Records of another publisher (whose token the foreignToken role uses): for cross-publisher rows. */
  foreign: OwnedRecords;
  /** An unclaimed node whose repository is on GitHub. */
  unclaimedNode: NodeRow;
  /** The Authorization header the role sends, if any. */
  authorization: string | undefined;
}

export interface AuthzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  /** A raw body (e.g. a zip upload) with its content type; instead of `json`. */
  raw?: { body: BodyInit; contentType: string };
}

export interface AuthzRow {
  /** `METHOD /path/{param}` as the contract writes it. */
  route: string;
  /** What the row checks beyond the route itself (e.g. "version of another node"). */
  note?: string;
  request(f: AuthzFixture): AuthzRequest;
  /**
   * What happened while the role was still in good standing (e.g. a publish that got an upload URL):
   * runs before the role's bans (banned user, banned publisher) are applied.
   */
  beforeStanding?(f: AuthzFixture): Promise<void>;
  /** Extra arrangement before the request (e.g. delete the nodes so a publisher may be deleted). */
  arrange?(f: AuthzFixture): Promise<void>;
  /** The exact status each role must get. */
  expect: Expectation;
  /** Optional body each role must match (toMatchObject). */
  body?: Partial<Record<Role, object>>;
  /**
   * The fixture's records beyond the path's publisher that the row reads (`f.foreign`,
   * `f.unclaimedNode`): only these are built for its cases, and reading one it does not name throws.
   * Most rows need neither, and building them was a third of a case's database work.
   */
  needs?: readonly FixtureExtra[];
}

/** Records a row may ask the fixture for (see `AuthzRow.needs`). */
export type FixtureExtra = 'foreign' | 'unclaimedNode';

async function ownedRecords(t: TestApp): Promise<OwnedRecords> {
  const db = t.services.db;
  const publisher = await insertPublisher(db, { owner: await insertUser(db) });
  const node = await insertNode(db, { publisherId: publisher.id });
  const [, version] = await insertVersions(db, node.id, ['1.0.0', '1.1.0']);
  const { row: token } = await insertToken(t.services.db, publisher);
  return { publisher, node, version: version!, token };
}

const SIGNED_IN: ReadonlySet<Role> = new Set([
  'stranger',
  'member',
  'owner',
  'admin',
  'bannedOwner',
  'bannedPublisherOwner',
  'unverifiedOwner',
]);
const OWNS: ReadonlySet<Role> = new Set([
  'owner',
  'bannedOwner',
  'bannedPublisherOwner',
  'unverifiedOwner',
  ...TOKEN_ROLES,
]);
const BANNED_USER: ReadonlySet<Role> = new Set(['bannedOwner', 'bannedOwnerToken']);

/** The account behind the role: a real sign-in for Firebase roles, a plain row for token creators. */
async function roleAccount(t: TestApp, role: Role): Promise<Actor | { user: UserRow; token?: undefined } | undefined> {
  if (SIGNED_IN.has(role)) return signedIn(t, { admin: role === 'admin', unverified: role === 'unverifiedOwner' });
  if ((TOKEN_ROLES as readonly Role[]).includes(role)) return { user: await insertUser(t.services.db) };
  return undefined;
}

/** Who the publisher's original owner is (ownedRecords made one). */
async function originalOwnerId(t: TestApp, publisherId: string): Promise<string> {
  const [row] = await t.services.db
    .select({ userId: publisherPermissions.userId })
    .from(publisherPermissions)
    .where(and(eq(publisherPermissions.publisherId, publisherId), eq(publisherPermissions.role, 'owner')))
    .limit(1);
  return row!.userId;
}

/**
 * Builds everything one case needs, from scratch (nothing is shared between cases), with every
 * record in good standing; `applyStanding` then bans what the role says is banned.
 */
export async function buildFixture(t: TestApp, role: Role, needs: readonly FixtureExtra[] = []): Promise<AuthzFixture> {
  const db = t.services.db;
  const account = await roleAccount(t, role);
  const own = await ownedRecords(t);
  if (account && (OWNS.has(role) || role === 'member')) {
    await db
      .insert(publisherPermissions)
      .values({ publisherId: own.publisher.id, userId: account.user.id, role: role === 'member' ? 'member' : 'owner' });
  }
  // The foreignToken role holds a token of the other publisher, so it always has one.
  const foreign = needs.includes('foreign') || role === 'foreignToken' ? await ownedRecords(t) : undefined;
  let unclaimedNode: NodeRow | undefined;
  if (needs.includes('unclaimedNode')) {
    await ensureUnclaimedPublisher(db);
    unclaimedNode = await insertNode(db, { publisherId: UNCLAIMED_PUBLISHER_ID });
  }
  const creator = account && OWNS.has(role) ? account.user.id : await originalOwnerId(t, own.publisher.id);
  const { token: publisherToken } = await insertToken(db, own.publisher, { name: 'publish', createdBy: creator });
  let pat: string | undefined;
  if (role === 'foreignToken') pat = (await insertToken(db, foreign!.publisher, { name: 'foreign' })).token;
  if ((TOKEN_ROLES as readonly Role[]).includes(role)) pat = publisherToken;
  const authorization = account?.token ? `Bearer ${account.token}` : pat ? `Bearer ${pat}` : undefined;
  const fixture = { t, role, actor: account?.user, ...own, authorization, pat, publisherToken };
  return Object.defineProperties(fixture, {
    foreign: { get: () => asked('foreign', foreign), enumerable: true },
    unclaimedNode: { get: () => asked('unclaimedNode', unclaimedNode), enumerable: true },
  }) as AuthzFixture;
}

/** A record the fixture built because the row named it in `needs`; a clear failure otherwise. */
function asked<T>(name: FixtureExtra, record: T | undefined): T {
  if (record === undefined) throw new Error(`this row reads f.${name}: add needs: ['${name}'] to it`);
  return record;
}

/** Bans what the role says is banned: the caller's account, or the publisher in the path. */
export async function applyStanding(f: AuthzFixture): Promise<void> {
  const db = f.t.services.db;
  if (BANNED_USER.has(f.role) && f.actor) {
    const [banned] = await db
      .update(users)
      .set({ status: 'UserStatusBanned' })
      .where(eq(users.id, f.actor.id))
      .returning();
    f.actor = banned;
  }
  if (f.role === 'bannedPublisherOwner') {
    const [banned] = await db
      .update(publishers)
      .set({ status: 'PublisherStatusBanned' })
      .where(eq(publishers.id, f.publisher.id))
      .returning();
    f.publisher = banned!;
  }
}

/** Sends the row's request as the fixture's role. */
export function send(f: AuthzFixture, request: AuthzRequest): Promise<Response> {
  const headers: Record<string, string> = f.authorization ? { authorization: f.authorization } : {};
  if (request.raw) headers['content-type'] = request.raw.contentType;
  return f.t.request(request.path, {
    method: request.method,
    ...(request.json !== undefined ? { json: request.json } : {}),
    ...(request.raw ? { body: request.raw.body } : {}),
    headers,
  });
}
