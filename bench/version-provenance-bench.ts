/**
 * What the provenance summary costs the version lists and the index: `npm run bench:version-provenance`.
 *
 * A fresh in-memory PGlite (or DATABASE_URL's PostgreSQL) with PACKS public packs of VERSIONS Active
 * versions each, every one with an accepted archive and a publish audit row the size real ones have (the
 * whole node and version in `after`); a third published through trusted publishing (a provenance row),
 * the rest with a personal access token. Prints: loadProvenanceBriefs for one page of 100 versions
 * (the one query a list adds), and the index's rows (loadIndexRows: the snapshot's read) with the
 * provenance left join and audit subquery, beside the same read's version query without them.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { loadavg } from 'node:os';
import type { AppConfig } from '../src/server/app-deps.ts';
import { openDatabase } from '../src/server/db/client.ts';
import {
  archives,
  auditLog,
  nodes,
  nodeVersions,
  publishers,
  versionProvenance,
} from '../src/server/db/schema/index.ts';
import { loadIndexRows } from '../src/server/services/index-protocol/index-rows.ts';
import {
  loadProvenanceBriefs,
  provenanceColumns,
} from '../src/server/services/trusted-publishing/provenance-summaries.ts';
import { refreshLatestVersion } from '../src/server/services/versions/latest.ts';
import { ms, percentiles, timeAsync } from './lib/search-stats.ts';

const PACKS = 500;
const VERSIONS = 10;
const RUNS = 30;

const database = await openDatabase(
  process.env['DATABASE_URL'] ? { driver: 'postgres', url: process.env['DATABASE_URL'] } : { driver: 'pglite' },
);
const { db } = database;
const config = { apiPublicUrl: 'http://127.0.0.1:8080' } as AppConfig;
const filler = 'x'.repeat(2_000);

await db.insert(publishers).values({ id: 'bench-provenance', name: 'Bench' });
const ids: string[] = [];
for (let p = 0; p < PACKS; p++) {
  const id = `pack-${p}`;
  await db.insert(nodes).values({ id, normalizedId: id, name: id, publisherId: 'bench-provenance' });
  const packArchives = await db
    .insert(archives)
    .values(
      Array.from({ length: VERSIONS }, (_, v) => ({
        key: `bench/${id}-${v}.zip`,
        size: 22,
        sha256: '0'.repeat(64),
        uploadedAt: new Date(),
      })),
    )
    .returning();
  const versions = await db
    .insert(nodeVersions)
    .values(
      packArchives.map((archive, v) => ({
        nodeId: id,
        version: `1.0.${v}`,
        status: 'NodeVersionStatusActive' as const,
        archiveId: archive.id,
      })),
    )
    .returning();
  ids.push(...versions.map((version) => version.id));
  // A third through trusted publishing (a provenance row), the rest with a personal access token.
  const trusted = versions.filter((_, v) => (p * VERSIONS + v) % 3 === 0);
  if (trusted.length > 0) {
    await db.insert(versionProvenance).values(
      trusted.map((version) => ({
        nodeVersionId: version.id,
        issuer: 'https://token.actions.githubusercontent.com',
        repository: `octo-org/${id}`,
        commitSha: 'a'.repeat(40),
        ref: 'refs/tags/v1.0.0',
        workflowRef: `octo-org/${id}/.github/workflows/publish.yml@refs/tags/v1.0.0`,
        runId: '1',
      })),
    );
  }
  await db.insert(auditLog).values(
    versions.map((version) => {
      const viaCi = trusted.includes(version);
      return {
        actorKind: viaCi ? 'system' : 'token',
        action: 'node_version.publish',
        targetType: 'node_version',
        targetId: version.id,
        after: {
          node: { id, description: filler },
          version: { id: version.id, changelog: filler },
          ...(viaCi ? { via: 'trusted_publishing' } : { accessKey: { id: 'k', prefix: 'nyp_' } }),
        },
      };
    }),
  );
  await refreshLatestVersion(db, id);
}

const page = ids.slice(ids.length / 2, ids.length / 2 + 100);
const briefs = percentiles(await series(() => loadProvenanceBriefs(db, page)));
const indexRows = percentiles(await series(() => loadIndexRows(db, config)));
// The index's version read as it was before (no provenance join or audit subquery), for comparison.
const bareVersions = percentiles(
  await series(() =>
    db
      .select({ version: nodeVersions, sha256: archives.sha256, size: archives.size })
      .from(nodeVersions)
      .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
      .where(and(eq(nodeVersions.status, 'NodeVersionStatusActive'), isNotNull(archives.uploadedAt))),
  ),
);
const withProvenance = percentiles(
  await series(() =>
    db
      .select({
        version: nodeVersions,
        sha256: archives.sha256,
        size: archives.size,
        repo: versionProvenance.repository,
      })
      .from(nodeVersions)
      .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
      .leftJoin(versionProvenance, eq(versionProvenance.nodeVersionId, nodeVersions.id))
      .where(and(eq(nodeVersions.status, 'NodeVersionStatusActive'), isNotNull(archives.uploadedAt))),
  ),
);

const withAudit = percentiles(
  await series(() =>
    db
      .select({ version: nodeVersions, sha256: archives.sha256, size: archives.size, ...provenanceColumns })
      .from(nodeVersions)
      .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
      .leftJoin(versionProvenance, eq(versionProvenance.nodeVersionId, nodeVersions.id))
      .where(and(eq(nodeVersions.status, 'NodeVersionStatusActive'), isNotNull(archives.uploadedAt))),
  ),
);

async function series(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await timeAsync(run));
  return samples;
}

const total = PACKS * VERSIONS;
console.log(
  `${database.driver}, ${total} versions (${PACKS} packs), ${RUNS} runs each, load ${loadavg()[0]!.toFixed(2)}`,
);
console.log(`  loadProvenanceBriefs, a page of 100: p50 ${ms(briefs.p50)} ms, p95 ${ms(briefs.p95)} ms`);
console.log(
  `  loadIndexRows (all ${total}, with provenance): p50 ${ms(indexRows.p50)} ms, p95 ${ms(indexRows.p95)} ms`,
);
console.log(
  `  versions read without provenance: p50 ${ms(bareVersions.p50)} ms; with the provenance join only: p50 ${ms(withProvenance.p50)} ms; with the join and the audit subquery (as the index reads): p50 ${ms(withAudit.p50)} ms`,
);
await database.close();
