import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchQueryClients } from '../../db/schema/index.ts';
import type { PopularQueryTotal, QueryObservation, SearchIndex } from '../../search/port.ts';
import { searchClientDigest } from './search-client-digest.ts';

const DAY_MS = 24 * 3600 * 1000;

/** How a recorded search becomes a suggestion for everyone (docs/operations.md, "Search suggestions"). */
export interface PopularQuerySettings {
  /** Distinct clients that must have run a query within the window before anyone is offered it. */
  minClients: number;
  /** How far back searches count; older rows are deleted. */
  windowMs: number;
  /** A client whose latest run of a query is this old weighs half (ranking among popular queries). */
  halfLifeMs: number;
  /** A client counts once per query per bucket, however often it repeats it. */
  bucketMs: number;
  /** Distinct queries one client may add per bucket (a flood of texts from one address stops here). */
  maxPerClientPerBucket: number;
  /** Rows the table may hold; beyond it the oldest are deleted (checked at most once a minute). */
  maxRows: number;
  /** Popular queries each instance keeps in memory. */
  keep: number;
  /** Key of the client digests (search-client-digest.ts). */
  clientSecret: string;
}

export const DEFAULT_POPULAR_QUERY_SETTINGS: Omit<PopularQuerySettings, 'clientSecret'> = {
  minClients: 5,
  windowMs: 30 * DAY_MS,
  halfLifeMs: (30 * DAY_MS) / 4,
  bucketMs: DAY_MS,
  maxPerClientPerBucket: 30,
  maxRows: 200_000,
  keep: 2_000,
};

const CAP_EVERY_MS = 60_000;
/** Rows per INSERT (three parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 5_000;

/**
 * Shares recorded searches between instances through the database and adopts the queries that
 * enough distinct clients ran, so every instance behind a load balancer suggests the same ones.
 */
export class SharedPopularQueries {
  readonly #db: Db;
  readonly #index: SearchIndex;
  readonly #settings: PopularQuerySettings;
  #lastCapAt = Number.NEGATIVE_INFINITY;

  constructor(db: Db, index: SearchIndex, settings: PopularQuerySettings) {
    this.#db = db;
    this.#index = index;
    this.#settings = settings;
  }

  /** Stores what this instance recorded, forgets old rows, adopts the totals; returns rows offered. */
  async share(now: Date): Promise<number> {
    const observed = this.#index.drainRecordedQueries();
    const stored = observed.length > 0 ? await this.#store(observed, now) : 0;
    await this.#forget(now, stored > 0);
    this.#index.replacePopularQueries(await this.#readPopular(now));
    return stored;
  }

  async #store(observed: QueryObservation[], now: Date): Promise<number> {
    const { bucketMs, clientSecret, maxPerClientPerBucket } = this.#settings;
    const bucketStart = new Date(now.getTime() - (now.getTime() % bucketMs));
    const rows = new Map<string, { query: string; clientHash: string; bucketStart: Date }>();
    for (const { text, client } of observed) {
      const clientHash = searchClientDigest(clientSecret, client);
      // Two addresses of one /64 are one client.
      rows.set(`${clientHash}\u0000${text}`, { query: text, clientHash, bucketStart });
    }
    // What each client already added in this bucket, on any instance.
    const clients = [...new Set([...rows.values()].map((row) => row.clientHash))];
    const used = new Map<string, number>();
    for (let start = 0; start < clients.length; start += INSERT_CHUNK) {
      const counted = await this.#db
        .select({ clientHash: searchQueryClients.clientHash, rows: count() })
        .from(searchQueryClients)
        .where(
          and(
            eq(searchQueryClients.bucketStart, bucketStart),
            inArray(searchQueryClients.clientHash, clients.slice(start, start + INSERT_CHUNK)),
          ),
        )
        .groupBy(searchQueryClients.clientHash);
      for (const row of counted) used.set(row.clientHash, row.rows);
    }
    const allowed = [...rows.values()].filter((row) => {
      const taken = used.get(row.clientHash) ?? 0;
      if (taken >= maxPerClientPerBucket) return false;
      used.set(row.clientHash, taken + 1);
      return true;
    });
    for (let start = 0; start < allowed.length; start += INSERT_CHUNK) {
      await this.#db
        .insert(searchQueryClients)
        .values(allowed.slice(start, start + INSERT_CHUNK))
        .onConflictDoNothing();
    }
    return allowed.length;
  }

  /** Rows older than the window go; so do the oldest beyond maxRows, after inserts (once a minute). */
  async #forget(now: Date, inserted: boolean): Promise<void> {
    const cutoff = new Date(now.getTime() - this.#settings.windowMs);
    await this.#db.delete(searchQueryClients).where(lt(searchQueryClients.bucketStart, cutoff));
    if (!inserted || now.getTime() - this.#lastCapAt < CAP_EVERY_MS) return;
    this.#lastCapAt = now.getTime();
    await this.#db.execute(sql`
      DELETE FROM ${searchQueryClients} WHERE ctid IN (
        SELECT ctid FROM ${searchQueryClients}
        ORDER BY ${searchQueryClients.bucketStart} DESC
        OFFSET ${this.#settings.maxRows}
      )`);
  }

  /**
   * Queries at least minClients distinct clients ran within the window, heaviest first. A client
   * weighs 0.5^(age of its latest run / half-life): recent interest counts, old interest fades.
   */
  async #readPopular(now: Date): Promise<PopularQueryTotal[]> {
    const { windowMs, halfLifeMs, minClients, keep } = this.#settings;
    const cutoff = new Date(now.getTime() - windowMs).toISOString();
    const at = now.toISOString();
    const result = await this.#db.execute(sql`
      SELECT query AS text, count(*) AS clients,
        sum(power(0.5, extract(epoch FROM (${at}::timestamptz - latest)) / ${halfLifeMs / 1000}::float8)) AS weight
      FROM (
        SELECT query, max(bucket_start) AS latest
        FROM ${searchQueryClients}
        WHERE bucket_start >= ${cutoff}::timestamptz
        GROUP BY query, client_hash
      ) AS per_client
      GROUP BY query
      HAVING count(*) >= ${minClients}
      ORDER BY weight DESC, query
      LIMIT ${keep}`);
    // count(*) is a bigint and sum() a float8: drivers may hand either over as a string.
    const rows = (result as unknown as { rows: Array<{ text: string; clients: unknown; weight: unknown }> }).rows;
    return rows.map((row) => ({ text: row.text, clients: Number(row.clients), weight: Number(row.weight) }));
  }
}
