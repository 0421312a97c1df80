/**
 * How fast a trusted report takes a new pack offline: `npm run bench:quarantine`.
 *
 * A fresh in-memory PGlite (or DATABASE_URL's PostgreSQL) with RUNS new packs (one Active version, an
 * uploaded archive, first published an hour ago) among FILLER older ones that already have open reports.
 * For each pack a new trusted reporter files a malware report through createReport (the route's service:
 * quota, insert, audit, the quarantine rules, the version write, the owners' webhook event), then the
 * install lookup runs until it refuses with 403 `quarantined`. Prints the time from the report to the first
 * refused install (p50/p95/max; the goal is well under a second) and the report's own time.
 */
import { eq } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { openDatabase } from '../src/server/db/client.ts';
import { archives, nodes, nodeVersions, packReports, publishers, users } from '../src/server/db/schema/index.ts';
import { ApiError } from '../src/server/errors.ts';
import { createReport } from '../src/server/services/reports/create-report.ts';
import { resolveInstallVersion } from '../src/server/services/versions/resolve-install.ts';
import { refreshLatestVersion } from '../src/server/services/versions/latest.ts';
import { ms, percentiles } from './lib/search-stats.ts';

const RUNS = 60;
const FILLER = 300;
const HOUR = 60 * 60 * 1000;

const database = await openDatabase(
  process.env['DATABASE_URL'] ? { driver: 'postgres', url: process.env['DATABASE_URL'] } : { driver: 'pglite' },
);
const { db } = database;
const now = new Date();

await db.insert(publishers).values({ id: 'bench-quarantine', name: 'Bench' });
async function pack(id: string, age: number) {
  await db.insert(nodes).values({ id, normalizedId: id.toLowerCase(), name: id, publisherId: 'bench-quarantine' });
  const [archive] = await db
    .insert(archives)
    .values({ key: `bench/${id}.zip`, size: 22, sha256: '0'.repeat(64), uploadedAt: now })
    .returning();
  await db.insert(nodeVersions).values({
    nodeId: id,
    version: '1.0.0',
    status: 'NodeVersionStatusActive',
    archiveId: archive!.id,
    createdAt: new Date(now.getTime() - age),
  });
  await refreshLatestVersion(db, id);
}
async function user(id: string, trusted: boolean) {
  const [row] = await db
    .insert(users)
    .values({ id, email: `${id}@bench.test`, isTrustedReporter: trusted })
    .returning();
  return row!;
}

// Older packs with an open report each, so the per-pack queries run beside other packs' reports.
const crowd = await user('bench-crowd', false);
for (let i = 0; i < FILLER; i++) {
  await pack(`old-${i}`, 72 * HOUR);
  await db
    .insert(packReports)
    .values({ nodeId: `old-${i}`, reporterUserId: crowd.id, reason: 'spam', canQuarantine: true });
}
for (let i = 0; i < RUNS; i++) await pack(`new-${i}`, HOUR);

const untilRefused: number[] = [];
const reportOnly: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const reporter = await user(`trusted-${i}`, true);
  const [node] = await db
    .select()
    .from(nodes)
    .where(eq(nodes.id, `new-${i}`));
  const start = performance.now();
  await createReport(db, { node: node!, reporter, reason: 'malware', details: '', now: new Date() });
  reportOnly.push(performance.now() - start);
  for (;;) {
    const [fresh] = await db
      .select()
      .from(nodes)
      .where(eq(nodes.id, `new-${i}`));
    const refused = await resolveInstallVersion(db, fresh!, '1.0.0').then(
      () => false,
      (error: unknown) => error instanceof ApiError && error.code === 'quarantined',
    );
    if (refused) break;
  }
  untilRefused.push(performance.now() - start);
}

const total = percentiles(untilRefused);
const report = percentiles(reportOnly);
console.log(`${RUNS} new packs quarantined by one trusted report each, beside ${FILLER} reported older packs`);
console.log(
  `report → first refused install: p50 ${ms(total.p50)} ms, p95 ${ms(total.p95)} ms, max ${ms(total.max)} ms (goal < 1000 ms)`,
);
console.log(`the report itself: p50 ${ms(report.p50)} ms, p95 ${ms(report.p95)} ms, max ${ms(report.max)} ms`);
console.log(
  `load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await database.close();
