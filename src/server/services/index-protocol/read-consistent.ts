import type { Db } from '../../db/client.ts';

/**
 * Runs `read` in one read-only REPEATABLE READ transaction: every query sees the same committed
 * state, so a document and the cursor it carries describe one moment (positions are handed out in
 * commit order, db/schema/change-feed.ts). PGlite has one connection and runs it all the same.
 */
export function readConsistent<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx as unknown as Db), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}
