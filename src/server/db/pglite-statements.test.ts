import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '#test/pglite-template.ts';
import { nameStatements } from './pglite-statements.ts';

// PGlite with named statements must answer exactly as PGlite's own query path: same rows, fields,
// counts and errors, with drizzle's parsers, inside and beside transactions, after a schema change.

const preparedCount = async (client: PGlite) =>
  (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

/** drizzle's options for its typed queries (drizzle-orm/pglite): timestamps stay strings, rows as arrays. */
const drizzleArrays: QueryOptions = { rowMode: 'array', parsers: { 1114: (v) => v, 1184: (v) => v, 1082: (v) => v } };

const LIMIT = 20;

describe('nameStatements', () => {
  let client: PGlite;
  let kept: { size(): number };

  beforeAll(async () => {
    client = new PGlite({ loadDataDir: await pgliteTemplate() });
    await client.exec(`
      CREATE TABLE named_t (id serial PRIMARY KEY, label text UNIQUE, n int, at timestamptz, doc jsonb, tags text[]);
      INSERT INTO named_t (label, n, at, doc, tags) VALUES
        ('one', 1, '2026-01-02T03:04:05Z', '{"a":1}', '{x,y}'),
        ('two', 2, NULL, NULL, '{}');
    `);
  });
  afterAll(() => client.close());

  const cases: Array<[string, string, unknown[], QueryOptions?]> = [
    ['rows as objects, every type', 'SELECT * FROM named_t ORDER BY id', []],
    [
      'rows as arrays with parsers',
      'SELECT id, at, doc, tags FROM named_t WHERE n >= $1 ORDER BY id',
      [1],
      drizzleArrays,
    ],
    ['null and json parameters', 'SELECT $1::jsonb AS doc, $2::text IS NULL AS missing', [{ b: [1, 'x'] }, null]],
    ['a date parameter', 'SELECT count(*)::int AS n FROM named_t WHERE at < $1', [new Date('2027-01-01T00:00:00Z')]],
    ['no rows', 'SELECT label FROM named_t WHERE label = $1', ['none']],
    ['a write that returns nothing', 'UPDATE named_t SET n = n WHERE label = $1', ['one']],
  ];

  it('answers as PGlite does, the first time and from the named statement', async () => {
    const plain = [];
    for (const [, text, params, options] of cases) plain.push(await client.query(text, params, options));
    kept = nameStatements(client, LIMIT);
    for (const round of [1, 2]) {
      for (const [index, [what, text, params, options]] of cases.entries()) {
        expect(await client.query(text, params, options), `${what}, call ${round}`).toEqual(plain[index]);
      }
    }
    expect(kept.size()).toBe(cases.length);
  });

  it('counts and returns what a write changed', async () => {
    const inserted = await client.query<{ id: number }>(
      'INSERT INTO named_t (label, n) VALUES ($1, $2), ($3, $4) RETURNING id',
      ['three', 3, 'four', 4],
    );
    expect(inserted.rows.map((row) => row.id)).toEqual([3, 4]);
    expect(inserted.affectedRows).toBe(2);
    const deleted = await client.query('DELETE FROM named_t WHERE n > $1', [2]);
    expect(deleted.affectedRows).toBe(2);
  });

  it('throws the database error with its code and statement, and keeps working after it', async () => {
    const insert = 'INSERT INTO named_t (label, n) VALUES ($1, $2)';
    await client.query(insert, ['unique', 5]);
    const error = await client.query(insert, ['unique', 6]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['unique', 6] });
    // A statement that does not parse is not kept.
    const before = kept.size();
    await expect(client.query('SELEC nonsense')).rejects.toMatchObject({ code: '42601' });
    expect(kept.size()).toBe(before);
    expect((await client.query(insert, ['unique-2', 7])).affectedRows).toBe(1);
  });

  it('parses a statement again when a schema change altered what it returns', async () => {
    const text = 'SELECT * FROM named_t WHERE label = $1';
    expect(Object.keys((await client.query<object>(text, ['one'])).rows[0]!)).not.toContain('extra');
    await client.exec('ALTER TABLE named_t ADD COLUMN extra text DEFAULT $$e$$');
    expect((await client.query<{ extra: string }>(text, ['one'])).rows[0]!.extra).toBe('e');
  });

  it('keeps at most its limit of statements, closing the oldest', async () => {
    for (let n = 1; n <= LIMIT + 5; n++) {
      expect((await client.query<{ n: number }>(`SELECT ${n} + $1::int AS n`, [1])).rows[0]!.n).toBe(n + 1);
    }
    // The count query is one of those kept.
    expect(await preparedCount(client)).toBe(LIMIT);
    expect(kept.size()).toBe(LIMIT);
    // An evicted text is parsed again.
    expect((await client.query<{ n: number }>('SELECT 1 + $1::int AS n', [1])).rows[0]!.n).toBe(2);
  });

  it('waits for a transaction to end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query('INSERT INTO named_t (label, n) VALUES ($1, $2)', ['in-tx', 8]);
      const seen = await tx.query<{ n: number }>('SELECT n FROM named_t WHERE label = $1', ['in-tx']);
      order.push(`tx sees ${seen.rows[0]?.n}`);
      await held;
      order.push('tx commits');
    });
    const outside = client
      .query<{ n: number }>('SELECT n FROM named_t WHERE label = $1', ['in-tx'])
      .then((result) => order.push(`outside sees ${result.rows[0]?.n}`));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['tx sees 8', 'tx commits', 'outside sees 8']);
  });

  it("runs a transaction's queries as named statements, and rolls them all back on an error", async () => {
    const insert = 'INSERT INTO named_t (label, n) VALUES ($1, $2) /* in a transaction */';
    await client.transaction(async (tx) => {
      await tx.query(insert, ['tx-a', 9]);
      expect((await tx.query<{ n: number }>('SELECT n FROM named_t WHERE label = $1', ['tx-a'])).rows).toEqual([
        { n: 9 },
      ]);
    });
    const named = await client.query('SELECT name FROM pg_prepared_statements WHERE statement = $1', [insert]);
    expect(named.rows).toHaveLength(1);
    const failed = client.transaction(async (tx) => {
      await tx.query(insert, ['tx-b', 10]);
      await tx.query(insert, ['tx-a', 11]); // the label is taken
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    const labels = await client.query<{ label: string }>(
      "SELECT label FROM named_t WHERE label LIKE 'tx-%' ORDER BY label",
    );
    expect(labels.rows).toEqual([{ label: 'tx-a' }]);
    // A closed transaction's handle refuses further queries, as PGlite's does.
    let leaked: { query: PGlite['query'] } | undefined;
    await client.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });

  it('answers calls made side by side with their own values', async () => {
    const labels = await Promise.all(
      ['one', 'two', 'none', 'one', 'unique'].map(async (label) => {
        const { rows } = await client.query<{ label: string }>('SELECT label FROM named_t WHERE label = $1', [label]);
        return rows[0]?.label ?? null;
      }),
    );
    expect(labels).toEqual(['one', 'two', null, 'one', 'unique']);
  });

  it('wraps a client once', async () => {
    const again = nameStatements(client);
    expect(again).toBe(kept);
  });
});
