import type { Db } from '../../src/server/db/client.ts';
import { createServiceToken } from '../../src/server/services/service-tokens/service-tokens.ts';

/** A live service token for tests: returns the plaintext to send as `Authorization: Bearer …`. */
export async function insertServiceToken(db: Db, name = `svc-${Math.random().toString(36).slice(2, 10)}`) {
  return createServiceToken(db, name);
}
