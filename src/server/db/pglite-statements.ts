import {
  parse,
  protocol,
  type ExecProtocolResult,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

// PGlite answers every `query()` with an unnamed statement: the text is parsed, analysed and planned
// again on each call, in the server's own thread (planning a join also asks the file system for each
// relation's size). PostgreSQL keeps a named statement per connection and plans it once when a generic
// plan serves; this gives PGlite the same, keyed by the statement's text (as postgres.js does for its
// connections): the first call parses and describes the statement under a name, later calls only bind
// and execute it. Kept for the most recently used texts only; the oldest is closed when the limit is
// reached. A transaction's queries take the same path.

const DEFAULT_LIMIT = 256;

interface Named {
  name: string;
  /** Parameter type OIDs, to serialize values as PGlite would. */
  paramTypes: number[];
  /** The statement's RowDescription (absent for statements that return no rows). */
  rowDescription: ExecProtocolResult['messages'][number] | undefined;
}

/** Errors after which a named statement is parsed again once: a schema change or a lost statement. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

const wrapped = new WeakMap<PGlite, { size(): number }>();

/** Makes `client.query` run through named statements (see above), once per client. `size()`: how many are kept. */
export function nameStatements(client: PGlite, limit = DEFAULT_LIMIT): { size(): number } {
  const existing = wrapped.get(client);
  if (existing) return existing;
  const byText = new Map<string, Named>(); // insertion order is recency: a hit moves to the end
  const mergedParsers = new WeakMap<object, Record<string, unknown>>();
  let counter = 0;
  const unnamed = client.query.bind(client);

  /** Forgets a statement and closes it on the server. */
  async function close(text: string): Promise<void> {
    const named = byText.get(text);
    if (!named) return;
    byText.delete(text);
    await client.execProtocol(Buffer.concat([serialize.close({ type: 'S', name: named.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Named> {
    const oldest = byText.size >= limit ? byText.keys().next().value : undefined;
    if (oldest !== undefined) await close(oldest);
    const name = `nyq_${(counter++).toString(36)}`;
    const { messages } = await client.execProtocol(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    const named = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    byText.set(text, named);
    return named;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let named = byText.get(text);
    if (named) {
      byText.delete(text);
      byText.set(text, named);
    } else named = await prepare(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = named.paramTypes[index]!;
      const toText = options?.serializers?.[type] ?? client.serializers[type];
      return toText ? toText(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      Buffer.concat([serialize.bind({ statement: named.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    if (!client.isInTransaction()) await client.syncToFs();
    const all = named.rowDescription ? [named.rowDescription, ...messages] : messages;
    const own = options?.parsers;
    if (!own) return parse.parseResults(all, client.parsers, options)[0] as Results<T>;
    // PGlite would copy its ≈ 320 type parsers into a new object with the query's own on every call
    // (≈ 0.15 ms, even for no rows): the query's parsers go on top of PGlite's by prototype instead, once
    // per parsers object (drizzle keeps one per statement).
    let parsers = mergedParsers.get(own);
    if (!parsers) {
      parsers = Object.assign(Object.create(client.parsers) as Record<string, unknown>, own);
      mergedParsers.set(own, parsers);
    }
    const rowMode = options.rowMode ? { rowMode: options.rowMode } : {};
    return parse.parseResults(all, parsers as typeof client.parsers, rowMode)[0] as Results<T>;
  }

  /** One query through a named statement, PGlite's lock already held. */
  async function runOnce<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      return await run<T>(text, params, options);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Parsed again once when a schema change made the statement stale; inside a transaction the error
      // has aborted it, so it is only forgotten there (and the original error is what the caller gets).
      const stale = code !== undefined && STALE_STATEMENT.has(code) && byText.has(text);
      if (stale) await close(text).catch(() => undefined);
      if (!stale || client.isInTransaction()) throw attach(error, text, params, options);
      try {
        return await run<T>(text, params, options);
      } catch (again) {
        throw attach(again, text, params, options);
      }
    }
  }

  // Blobs (COPY) and explicit parameter types keep PGlite's path.
  const ownPath = (options: QueryOptions | undefined) => Boolean(options?.blob || options?.paramTypes);

  client.query = async function namedQuery<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (ownPath(options)) return unnamed<T>(text, params, options);
    await client._checkReady();
    // The same two locks as PGlite's query: after any running transaction, one query at a time.
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runOnce<T>(text, params, options)));
  } as PGlite['query'];

  // A transaction's queries (drizzle runs them through the object PGlite hands its callback) take the
  // same path; the transaction already holds the transaction lock.
  const transaction = client.transaction.bind(client);
  client.transaction = function namedTransaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const named = Object.create(tx) as Transaction;
      named.query = async function <R>(text: string, params: unknown[] = [], options?: QueryOptions) {
        if (tx.closed) throw new Error('Transaction is closed');
        if (ownPath(options)) return txQuery<R>(text, params, options);
        return client._runExclusiveQuery(() => runOnce<R>(text, params, options));
      };
      return callback(named);
    });
  };

  const handle = { size: () => byText.size };
  wrapped.set(client, handle);
  return handle;
}

/** As PGlite does: the failed statement's text and values travel with its error. */
function attach(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error && typeof error === 'object') Object.assign(error, { query, params, queryOptions: options });
  return error;
}
