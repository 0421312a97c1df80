// A publisher, its owner and a personal access token, written straight into a benchmark database
// (no sign-in needed): the load and crash scripts publish with the token over HTTP.
import { openDatabase } from '../../src/server/db/client.ts';
import { publisherPermissions, publishers, users } from '../../src/server/db/schema/index.ts';
import { createToken } from '../../src/server/services/tokens/create-token.ts';

export async function createBenchPublisher(databaseUrl: string, publisherId: string): Promise<{ token: string }> {
  const database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    const [user] = await database.db
      .insert(users)
      .values({ id: `bench-${publisherId}`, email: `${publisherId}@bench.test`, name: 'Bench' })
      .returning();
    const [publisher] = await database.db.insert(publishers).values({ id: publisherId, name: 'Bench' }).returning();
    await database.db.insert(publisherPermissions).values({ publisherId, userId: user!.id, role: 'owner' });
    const { token } = await createToken(database.db, user!, publisher!, { name: 'bench' }, new Date());
    return { token };
  } finally {
    await database.close();
  }
}
