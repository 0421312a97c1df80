import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import {
  findPublisherAccess,
  isWrite,
  resolvePublisherAccess,
  type Capability,
  type PublisherAccess,
} from '../services/publishers/access.ts';
import { getViewer, requireActiveUser, requireUser } from './viewer.ts';

// The HTTP side of the publisher permission policy (the policy itself: services/publishers/access.ts).

/**
 * Resolves the signed-in user, the publisher in the path and the user's role, and enforces the policy:
 * 401 anonymous, 403 banned user (writes), 404 unknown publisher, 403 not allowed / banned publisher.
 */
export async function authorizePublisher(
  c: Context<AppEnv>,
  publisherId: string,
  capability: Capability,
): Promise<PublisherAccess> {
  const viewer = isWrite(capability) ? await requireActiveUser(c) : await requireUser(c);
  return resolvePublisherAccess(c.get('services').db, viewer, publisherId, capability);
}

/** For the `{canEdit}` endpoints: never throws for a stranger or an anonymous caller. */
export async function viewerAccess(c: Context<AppEnv>, publisherId: string): Promise<PublisherAccess | null> {
  const viewer = await getViewer(c);
  if (!viewer) return null;
  return findPublisherAccess(c.get('services').db, viewer, publisherId);
}
