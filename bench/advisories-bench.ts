/**
 * The advisory batch query (POST /advisories/query): `npm run bench:advisories`.
 *
 * A fresh in-memory PGlite (or DATABASE_URL's PostgreSQL) with 1,000 advisories (600 about packs, 400 about
 * Python packages, ranges and exact lists), then batches of 500 pairs (half packs, half PyPI names; about one in
 * five affected) through what the route does: the zod body check, queryAdvisories (one SQL read, PEP 440 / semver
 * matching in code) and the JSON answer. Prints p50/p95/max per batch; the goal is ≤ 100 ms for 500 pairs.
 */
import { openDatabase } from '../src/server/db/client.ts';
import { advisories, advisoryAffected } from '../src/server/db/schema/index.ts';
import { queryAdvisories, type AdvisoryQueryItem } from '../src/server/services/advisories/query-advisories.ts';
import { AdvisoryQueryBody } from '../src/server/routes/advisories/schemas.ts';
import { seededRandom } from '../src/server/seed/prng.ts';
import { ms, percentiles, timeAsync } from './lib/search-stats.ts';
import { loadavg } from 'node:os';

const PACK_ADVISORIES = 600;
const PYPI_ADVISORIES = 400;
const PAIRS = 500;
const RUNS = 60;

const database = await openDatabase(
  process.env['DATABASE_URL'] ? { driver: 'postgres', url: process.env['DATABASE_URL'] } : { driver: 'pglite' },
);
const { db } = database;
const random = seededRandom(7);
const now = new Date('2026-11-27T00:00:00Z');
const packName = (i: number) => `Pack-${i}`;
const pypiName = (i: number) => `lib-${i}`;

// Advisories written straight to the tables (the admin route's checks and audit rows are not what is measured).
const rows = Array.from({ length: PACK_ADVISORIES + PYPI_ADVISORIES }, (_, i) => ({
  id: `NYSA-2026-${String(i + 1).padStart(4, '0')}`,
  summary: `advisory ${i}`,
  severity: 'HIGH' as const,
  kind: i % 10 === 0 ? ('malware' as const) : ('vulnerability' as const),
  publishedAt: now,
  modifiedAt: now,
}));
for (let i = 0; i < rows.length; i += 200) await db.insert(advisories).values(rows.slice(i, i + 200));
const affected = rows.map((row, i) =>
  i < PACK_ADVISORIES
    ? {
        advisoryId: row.id,
        ecosystem: 'Nodeyard' as const,
        package: packName(i % 300),
        ranges: [{ introduced: `1.${i % 5}.0`, fixed: `1.${(i % 5) + 1}.0` }],
        versions: [],
      }
    : {
        advisoryId: row.id,
        ecosystem: 'PyPI' as const,
        package: pypiName(i % 200),
        ranges: i % 2 ? [{ introduced: '2.0', fixed: `2.${(i % 7) + 1}.post1` }] : [],
        versions: i % 2 ? [] : [`3.${i % 4}.0`, `3.${i % 4}.1rc1`],
      },
);
for (let i = 0; i < affected.length; i += 200) await db.insert(advisoryAffected).values(affected.slice(i, i + 200));

function batch(): unknown {
  return {
    queries: Array.from({ length: PAIRS }, (_, i) =>
      i % 2
        ? { pack: packName(random.int(0, 599)).toLowerCase(), version: `1.${random.int(0, 9)}.${random.int(0, 3)}` }
        : {
            pypi: pypiName(random.int(0, 399)).replace('-', '_'),
            version: `${random.int(1, 3)}.${random.int(0, 9)}.0`,
          },
    ),
  };
}

let matched = 0;
async function handle(body: unknown) {
  const { queries } = AdvisoryQueryBody.parse(body);
  const items: AdvisoryQueryItem[] = queries.map((q) =>
    'pack' in q
      ? { ecosystem: 'Nodeyard', package: q.pack, version: q.version }
      : { ecosystem: 'PyPI', package: q.pypi, version: q.version },
  );
  const found = await queryAdvisories(db, items);
  matched = found.filter((list) => list.length > 0).length;
  return JSON.stringify({ results: found.map((list) => ({ vulns: list.map((a) => ({ id: a.id })) })) });
}

for (let i = 0; i < 5; i++) await handle(batch()); // warm-up: JIT, PGlite's caches
const bodies = Array.from({ length: RUNS }, batch);
const samples: number[] = [];
for (const body of bodies) samples.push(await timeAsync(() => handle(body)));
const stats = percentiles(samples);
console.log(
  `${PACK_ADVISORIES + PYPI_ADVISORIES} advisories; ${RUNS} batches of ${PAIRS} pairs (${matched} of the last matched)`,
);
console.log(`per batch: p50 ${ms(stats.p50)} ms, p95 ${ms(stats.p95)} ms, max ${ms(stats.max)} ms (goal ≤ 100 ms)`);
console.log(
  `load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await database.close();
