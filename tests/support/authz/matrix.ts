import type { NodeRow, NodeVersionRow, PublisherRow, TokenRow, UserRow } from '../../../src/server/db/rows.ts';
import { publisherPermissions } from '../../../src/server/db/schema/index.ts';
import { ensureUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from '../../../src/server/services/publishers/unclaimed.ts';
import { insertNode, insertPublisher, insertToken, insertUser, insertVersion } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { signedIn } from './actors.ts';

/** Who sends the request. Every protected route is tried as each of them. */
export const ROLES = [
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
export type Role = (typeof ROLES)[number];

/** The same status for every role (rows then override the roles that differ). */
export function everyRole<T>(value: T): Record<Role, T> {
  return Object.fromEntries(ROLES.map((role) => [role, value])) as Record<Role, T>;
}

/** Admin-only routes: only an active admin gets `success`; no Firebase user is 401, the rest 403. */
export function adminOnly(success: number): Record<Role, number> {
  return { ...everyRole(403), anonymous: 401, foreignToken: 401, admin: success };
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
  /** The caller's database row (undefined for anonymous and foreignToken). */
  actor: UserRow | undefined;
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
}

export interface AuthzRow {
  /** `METHOD /path/{param}` as the contract writes it. */
  route: string;
  /** What the row checks beyond the route itself (e.g. "version of another node"). */
  note?: string;
  request(f: AuthzFixture): AuthzRequest;
  /** Extra arrangement before the request (e.g. delete the nodes so a publisher may be deleted). */
  arrange?(f: AuthzFixture): Promise<void>;
  /** The exact status each role must get. */
  expect: Record<Role, number>;
  /** Optional body each role must match (toMatchObject). */
  body?: Partial<Record<Role, object>>;
}

async function ownedRecords(t: TestApp, values: Partial<PublisherRow> = {}): Promise<OwnedRecords> {
  const db = t.services.db;
  const publisher = await insertPublisher(db, { owner: await insertUser(db), ...values });
  const node = await insertNode(db, { publisherId: publisher.id });
  await insertVersion(db, { nodeId: node.id, version: '1.0.0' });
  const version = await insertVersion(db, { nodeId: node.id, version: '1.1.0' });
  const { row: token } = await insertToken(t.services.db, publisher);
  return { publisher, node, version, token };
}

const SIGNED_IN: ReadonlySet<Role> = new Set([
  'stranger',
  'member',
  'owner',
  'admin',
  'bannedOwner',
  'bannedPublisherOwner',
]);
const OWNS: ReadonlySet<Role> = new Set(['owner', 'bannedOwner', 'bannedPublisherOwner']);

/** Builds everything one case needs, from scratch: nothing is shared between cases. */
export async function buildFixture(t: TestApp, role: Role): Promise<AuthzFixture> {
  const db = t.services.db;
  const signed = SIGNED_IN.has(role)
    ? await signedIn(t, { admin: role === 'admin', banned: role === 'bannedOwner' })
    : undefined;
  const own = await ownedRecords(t, role === 'bannedPublisherOwner' ? { status: 'PublisherStatusBanned' } : {});
  if (signed && (OWNS.has(role) || role === 'member')) {
    await db
      .insert(publisherPermissions)
      .values({ publisherId: own.publisher.id, userId: signed.user.id, role: role === 'member' ? 'member' : 'owner' });
  }
  const foreign = await ownedRecords(t);
  await ensureUnclaimedPublisher(db);
  const unclaimedNode = await insertNode(db, { publisherId: UNCLAIMED_PUBLISHER_ID });
  let authorization: string | undefined;
  if (signed) authorization = `Bearer ${signed.token}`;
  if (role === 'foreignToken') {
    const { token } = await insertToken(t.services.db, foreign.publisher, { name: 'foreign' });
    authorization = `Bearer ${token}`;
  }
  return { t, role, actor: signed?.user, ...own, foreign, unclaimedNode, authorization };
}

/** Sends the row's request as the fixture's role. */
export function send(f: AuthzFixture, request: AuthzRequest): Promise<Response> {
  return f.t.request(request.path, {
    method: request.method,
    ...(request.json !== undefined ? { json: request.json } : {}),
    headers: f.authorization ? { authorization: f.authorization } : {},
  });
}
