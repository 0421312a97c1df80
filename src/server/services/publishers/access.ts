import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import type { PublisherRole } from '../../db/schema/enums.ts';
import { publisherPermissions, publishers } from '../../db/schema/index.ts';
import { ApiError, forbidden, notFound } from '../../errors.ts';

/*
 * THE PERMISSION POLICY for a publisher and everything under it (nodes, versions, tokens).
 * Every route asks `authorizePublisher` (its HTTP adapter, auth/publisher-access.ts) or `decidePublisherAccess`;
 * none decides on its own.
 *
 *   capability        owner  member  admin   notes
 *   publisher.update    ✓             ✓
 *   publisher.delete    ✓             ✓      409 while live nodes remain (services/publishers/delete-publisher.ts)
 *   tokens.read         ✓             ✓      a read: banned users and banned publishers may still list
 *   tokens.create       ✓                    admins revoke but never mint: every token traces back to an owner
 *   tokens.revoke       ✓             ✓
 *   node.create         ✓      ✓      ✓
 *   node.update         ✓      ✓      ✓
 *   node.delete         ✓             ✓
 *   node.claim          ✓      ✓      ✓      plus proof of control of the GitHub repository
 *   version.update      ✓      ✓      ✓      changelog and deprecated only
 *   version.delete      ✓             ✓
 *   version.yank        ✓             ✓      yank and unyank; a signed-in session only (like PyPI): a personal
 *                                            access token publishes but never yanks (docs/api.md § Yanking)
 *   version.publish     ✓      ✓             by a personal access token, which acts for the user who created it:
 *                                            that user must still hold a role here and not be banned
 *                                            (services/publish/token-authority.ts); the admin flag never counts
 *   publisher.appeal    ✓                    ask the admins to lift the publisher's ban: the one write a banned
 *                                            publisher allows (admins decide, they don't ask)
 *   trusted_publishers.read    (owner ✓, admin ✓) which CI workflows may publish (docs/publishing.md)
 *   trusted_publishers.manage  (owner ✓) add/remove trusted publishers and switch a node's
 *                                            require_trusted_publishing: a CI credential is a token, and admins
 *                                            mint none; a signed-in session only (a token cannot loosen it)
 *   webhooks.read       ✓             ✓      a publisher's webhook endpoints and their last delivery
 *   webhooks.manage     ✓                    register, remove, ping: an endpoint receives every event of the
 *                                            publisher, so only its owners choose where they go
 *
 * - Anonymous: 401 on all of these. Stranger (signed in, no role): 403.
 * - Banned user (users.status = UserStatusBanned): 403 on every write, whatever their role or admin flag.
 * - Banned publisher: no writes to it or its nodes, versions and tokens (403) unless the actor is an admin.
 *   A banned node is frozen the same way (see assertNodeWritable in publisher-nodes.ts).
 * - A node in the path must belong to the publisher in the path, and a version id to that node: else 404,
 *   so nobody learns about, or acts on, another publisher's records (upstream's version IDOR).
 */
export type Capability =
  | 'publisher.update'
  | 'publisher.delete'
  | 'tokens.read'
  | 'tokens.create'
  | 'tokens.revoke'
  | 'node.create'
  | 'node.update'
  | 'node.delete'
  | 'node.claim'
  | 'version.update'
  | 'version.delete'
  | 'version.yank'
  | 'version.publish'
  | 'publisher.appeal'
  | 'trusted_publishers.read'
  | 'trusted_publishers.manage'
  | 'webhooks.read'
  | 'webhooks.manage';

const MEMBER_MAY = new Set<Capability>([
  'node.create',
  'node.update',
  'node.claim',
  'version.update',
  'version.publish',
]);
// A token's authority is its creator's role on the publisher; an admin flag grants no publishing.
const ADMIN_MAY_NOT = new Set<Capability>([
  'tokens.create',
  'version.publish',
  'publisher.appeal',
  'trusted_publishers.manage',
  'webhooks.manage',
]);
// What a banned publisher still lets its owners do.
const ALLOWED_WHILE_BANNED = new Set<Capability>(['publisher.appeal']);
const READS = new Set<Capability>(['tokens.read', 'trusted_publishers.read', 'webhooks.read']);

export function isWrite(capability: Capability): boolean {
  return !READS.has(capability);
}

/** Whether a role (or the admin flag) grants a capability, before bans are considered. */
export function roleGrants(capability: Capability, role: PublisherRole | null, isAdmin: boolean): boolean {
  if (role === 'owner') return true;
  if (role === 'member' && MEMBER_MAY.has(capability)) return true;
  return isAdmin && !ADMIN_MAY_NOT.has(capability);
}

export async function findRole(db: Db, publisherId: string, userId: string): Promise<PublisherRole | null> {
  const [row] = await db
    .select({ role: publisherPermissions.role })
    .from(publisherPermissions)
    .where(and(eq(publisherPermissions.publisherId, publisherId), eq(publisherPermissions.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Publisher ids are lower-case; a mixed-case path still finds the publisher. */
export async function findPublisher(db: Db, id: string): Promise<PublisherRow | undefined> {
  const [row] = await db.select().from(publishers).where(eq(publishers.id, id.toLowerCase())).limit(1);
  return row;
}

export async function getPublisherOr404(db: Db, id: string): Promise<PublisherRow> {
  const publisher = await findPublisher(db, id);
  if (!publisher) throw notFound(`Publisher "${id}" not found.`);
  return publisher;
}

export interface PublisherAccess {
  viewer: UserRow;
  publisher: PublisherRow;
  role: PublisherRole | null;
}

/** The policy as a pure decision: null when allowed, else the error to answer with. */
export function decidePublisherAccess(capability: Capability, access: PublisherAccess): ApiError | null {
  const { viewer, publisher, role } = access;
  if (isWrite(capability) && viewer.status === 'UserStatusBanned') {
    return forbidden('Your account is banned.', 'user_banned');
  }
  if (!roleGrants(capability, role, viewer.isAdmin)) {
    if (!role && !viewer.isAdmin) {
      return forbidden(`You are not a member of publisher "${publisher.id}".`, 'not_a_member');
    }
    return forbidden(`Only an owner of publisher "${publisher.id}" can do this.`, 'owner_required');
  }
  if (
    isWrite(capability) &&
    publisher.status === 'PublisherStatusBanned' &&
    !viewer.isAdmin &&
    !ALLOWED_WHILE_BANNED.has(capability)
  ) {
    return forbidden(
      `Publisher "${publisher.id}" is banned: it, its nodes and its tokens cannot be changed.`,
      'publisher_banned',
    );
  }
  return null;
}

/**
 * Finds the publisher in the path and the viewer's role, and enforces the policy for a signed-in viewer:
 * 404 unknown publisher, then 403 banned user (writes) / not allowed / banned publisher.
 * The HTTP adapter (auth/publisher-access.ts) resolves the viewer first (401 anonymous, 403 banned user).
 */
export async function resolvePublisherAccess(
  db: Db,
  viewer: UserRow,
  publisherId: string,
  capability: Capability,
): Promise<PublisherAccess> {
  const publisher = await getPublisherOr404(db, publisherId);
  const access = { viewer, publisher, role: await findRole(db, publisher.id, viewer.id) };
  const denied = decidePublisherAccess(capability, access);
  if (denied) throw denied;
  return access;
}

/** The viewer's standing on a publisher, or null when it does not exist (never throws for a stranger). */
export async function findPublisherAccess(
  db: Db,
  viewer: UserRow,
  publisherId: string,
): Promise<PublisherAccess | null> {
  const publisher = await findPublisher(db, publisherId);
  if (!publisher) return null;
  return { viewer, publisher, role: await findRole(db, publisher.id, viewer.id) };
}
