import type { PublisherRow } from '../../../src/server/db/rows.ts';
import type { publishers } from '../../../src/server/db/schema/index.ts';
import { insertPublisher } from '../factories.ts';
import type { TestApp } from '../test-app.ts';
import { signedIn, type Actor } from './actors.ts';

export interface PublisherScene {
  owner: Actor;
  member: Actor;
  stranger: Actor;
  admin: Actor;
  publisher: PublisherRow;
}

/** A publisher with an owner and a member, plus a signed-in stranger and an admin (all real sign-ins). */
export async function publisherScene(
  t: TestApp,
  values: Partial<typeof publishers.$inferInsert> = {},
): Promise<PublisherScene> {
  const [owner, member, stranger, admin] = await Promise.all([
    signedIn(t, { displayName: 'Owner' }),
    signedIn(t, { displayName: 'Member' }),
    signedIn(t),
    signedIn(t, { admin: true }),
  ]);
  const publisher = await insertPublisher(t.services.db, { owner: owner.user, members: [member.user], ...values });
  return { owner, member, stranger, admin, publisher };
}
