import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { forbidden } from '../../errors.ts';
import { findRole, getPublisherOr404 } from '../../services/publishers/access.ts';

/**
 * Reading a version's findings: the publisher's owners and members, and admins. A read, so a
 * banned member may still see why their version was held (they cannot change anything).
 */
export async function authorizeFindingsRead(
  c: Context<AppEnv>,
  publisherId: string,
): Promise<{ viewer: UserRow; publisher: PublisherRow }> {
  const viewer = await requireUser(c);
  const db = c.get('services').db;
  const publisher = await getPublisherOr404(db, publisherId);
  if (!viewer.isAdmin && !(await findRole(db, publisher.id, viewer.id))) {
    throw forbidden(`You are not a member of publisher "${publisher.id}".`, 'not_a_member');
  }
  return { viewer, publisher };
}
