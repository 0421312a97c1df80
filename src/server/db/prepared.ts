import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * A query built once per database handle instead of once per call, for the hottest reads (a cold node
 * page). Building a drizzle query costs more CPU than the database's answer to a simple one, and on
 * PostgreSQL a named statement is also parsed and planned once per connection instead of per execution:
 * the node page's one wide join (services/nodes/node-page-head.ts) spent ≈ 3.5 ms planning and 0.5 ms
 * running. `build` must give a `.prepare(name)` with a name no other statement uses and with every
 * per-call value a `sql.placeholder`, so the statement's text never changes.
 *
 * Keyed by handle: a transaction's handle gets its own (short-lived) copy, and a test file's fresh handle
 * over a reused database starts with none (tests/support/test-db.ts).
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}

/**
 * A text[] from a JSON array parameter (`sql.placeholder(...)` holding `JSON.stringify(list)`, or a path
 * into one): a named statement's text stays the same for any number of values, and PostgreSQL, which
 * cannot know the array's length, plans the statement once for a short list instead of once per call.
 */
export function jsonTextArray(json: SQL): SQL {
  return sql`ARRAY(SELECT jsonb_array_elements_text(${json}))`;
}
