import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodeListCounts, nodes } from '../../db/schema/index.ts';
import { visibleNodeStatus } from './node-filters.ts';
import { readNodeListCounts, type NodeListCounts } from './node-list-counts.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

// GET /nodes without filters or sort (what ComfyUI-Manager crawls, page=1..last) at a cost that does
// not grow with the page number or the catalogue: the total is the maintained count
// (node-list-counts.ts), and a deep page seeks from a cached boundary instead of skipping every row
// before it. Boundaries are the keys (created_at, id) of every STRIDE-th row in list order, read in
// one pass and valid for one list version; page N starts at the boundary at or before its offset and
// skips fewer than STRIDE rows from there, so it reads O(STRIDE + limit) index entries, and returns
// exactly the rows OFFSET would have (same order: created_at, then id, newest first).

/** Rows between cached boundaries (a deep page skips fewer than this). */
export const DEFAULT_BOUNDARY_STRIDE = 256;

interface BoundaryKey {
  /** created_at as PostgreSQL prints it (microseconds kept; a JS Date would drop them). */
  createdAt: string;
  id: string;
}

interface Boundaries {
  generation: string;
  version: number;
  stride: number;
  keys: BoundaryKey[];
}

/** Cached boundaries per database and list (with or without banned packs). */
const cached = new WeakMap<Db, Map<string, Promise<Boundaries>>>();

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every stride-th key of the list and the version it belongs to, in one statement (one snapshot). */
async function readBoundaries(db: Db, includeBanned: boolean, stride: number): Promise<Boundaries> {
  const result = await db.execute(sql`
    SELECT counts.version, counts.generation, ranked.created_at, ranked.id
    FROM ${nodeListCounts} AS counts
    LEFT JOIN LATERAL (
      SELECT created_at::text AS created_at, id, n FROM (
        SELECT ${nodes.createdAt} AS created_at, ${nodes.id} AS id,
          row_number() OVER (ORDER BY ${nodes.createdAt} DESC, ${nodes.id} DESC) AS n
        FROM ${nodes} WHERE ${visibleNodeStatus(includeBanned)}
      ) AS numbered WHERE (n - 1) % ${stride} = 0
    ) AS ranked ON true
    ORDER BY ranked.n`);
  const rows = rowsOf<{ version: unknown; generation: string; created_at: string | null; id: string | null }>(result);
  return {
    generation: rows[0]?.generation ?? '',
    version: Number(rows[0]?.version ?? -1),
    stride,
    keys: rows.flatMap((row) => (row.created_at && row.id ? [{ createdAt: row.created_at, id: row.id }] : [])),
  };
}

/** The boundaries of the current list version: cached, read again once the version moved. */
async function boundariesFor(
  db: Db,
  includeBanned: boolean,
  counts: NodeListCounts,
  stride: number,
): Promise<Boundaries> {
  const perDb = cached.get(db) ?? new Map<string, Promise<Boundaries>>();
  cached.set(db, perDb);
  const key = `${includeBanned}:${stride}`;
  const held = perDb.get(key);
  if (held) {
    const boundaries = await held.catch(() => null);
    if (boundaries && boundaries.generation === counts.generation && boundaries.version >= counts.version) {
      return boundaries;
    }
  }
  // Concurrent requests share one read; a failed read is forgotten so the next request tries again.
  const reading = readBoundaries(db, includeBanned, stride);
  perDb.set(key, reading);
  reading.catch(() => {
    if (perDb.get(key) === reading) perDb.delete(key);
  });
  return reading;
}

const newestFirst = [desc(nodes.createdAt), desc(nodes.id)];

/**
 * The page's rows, by statements built once per database handle (db/prepared.ts): with or without
 * banned packs, from the list's start or from a boundary. One table, so PostgreSQL plans each call for
 * its OFFSET in a tenth of a millisecond; the rows' publishers and versions are read by one more
 * statement that it plans once (loadNodeBundles).
 */
function pageStatement(includeBanned: boolean, fromBoundary: boolean) {
  const name = `default_list_page_${includeBanned ? 'present' : 'listed'}_${fromBoundary ? 'seek' : 'start'}`;
  return preparedPerDb((db) => {
    const visible = visibleNodeStatus(includeBanned);
    const boundary = sql`(${nodes.createdAt}, ${nodes.id}) <= (${sql.placeholder('createdAt')}::timestamptz, ${sql.placeholder('id')}::text)`;
    return db
      .select()
      .from(nodes)
      .where(fromBoundary ? and(visible, boundary) : visible)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

const pageStatements = {
  listed: { start: pageStatement(false, false), seek: pageStatement(false, true) },
  present: { start: pageStatement(true, false), seek: pageStatement(true, true) },
};

/** The page's rows: the first pages by OFFSET, deeper ones from the boundary at or before their offset. */
async function pageRows(
  db: Db,
  includeBanned: boolean,
  offset: number,
  limit: number,
  counts: Promise<NodeListCounts>,
  stride: number,
): Promise<NodeRow[]> {
  const statements = pageStatements[includeBanned ? 'present' : 'listed'];
  if (offset < stride) return statements.start(db).execute({ limit, offset });
  const boundaries = await boundariesFor(db, includeBanned, await counts, stride);
  const index = Math.floor(offset / stride);
  const start = boundaries.keys[index];
  if (!start) return [];
  return statements
    .seek(db)
    .execute({ createdAt: start.createdAt, id: start.id, limit, offset: offset - index * stride });
}

/**
 * One page of the unfiltered node list, newest first, and its total (what GET /nodes answers). A page
 * within the first stride reads its rows beside the counts; a deeper one needs the counts' list version
 * first (its boundaries belong to one).
 */
export async function queryDefaultNodeListPage(
  db: Db,
  options: Paging & { includeBanned: boolean; stride?: number },
): Promise<{ rows: NodeRow[]; total: number }> {
  const counts = readNodeListCounts(db);
  const rows = pageRows(
    db,
    options.includeBanned,
    pageOffset(options),
    options.limit,
    counts,
    options.stride ?? DEFAULT_BOUNDARY_STRIDE,
  );
  const [known, page] = await Promise.all([counts, rows]);
  return { rows: page, total: options.includeBanned ? known.present : known.listed };
}
