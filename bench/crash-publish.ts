// `npm run bench:crash`: kills a server with SIGKILL in the middle of publishes, uploads and
// installs, restarts it on the same PostgreSQL database and archive directory, and checks that
// nothing is half-done: no version without its archive record, no accepted upload whose version is
// lost or stuck in Pending, no stored object without an accepted archive record (orphan), no
// recorded archive whose object is missing, and no acknowledged download missing from the counts
// beyond those whose count was still in flight at a kill (installs are counted beside the reply).
// Needs DATABASE_URL pointing at an EMPTY database it may fill. Knobs: CRASH_AFTER_MS (4000),
// CRASH_ROUNDS (3).
import { readdirSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { sweepAbandonedUploads } from '../src/server/services/archives/upload-janitor.ts';
import type { AppDeps } from '../src/server/app-deps.ts';
import { createFsStorage } from '../src/server/storage/fs.ts';
import { createBenchPublisher } from './lib/bench-publisher.ts';
import { startInstance, type InstanceProcess } from './lib/instance-process.ts';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  console.error('bench:crash needs DATABASE_URL (an empty PostgreSQL database it may fill).');
  process.exit(2);
}
const CRASH_AFTER_MS = Number(process.env['CRASH_AFTER_MS'] ?? 4000);
const ROUNDS = Number(process.env['CRASH_ROUNDS'] ?? 3);
const INSTALL_LOOPS = 8;
const dataDir = mkdtempSync(join(tmpdir(), 'nodeyard-crash-'));
const env = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  STORAGE_SIGNING_SECRET: 'crash-bench-signing-secret-0123456789abcdef',
  SEED_DEMO_DATA: 'true',
  RATE_LIMIT_ENABLED: 'false',
  // Every install comes from its own (forwarded) address: a client counts once per version per hour.
  TRUST_PROXY_HOPS: '1',
  // A scan whose instance was killed is retried once its lock is this old (production: 300 s).
  JOBS_STALE_SECONDS: '10',
};
const publisherId = `crash-${Date.now().toString(36)}`;
const zip = buildZip(samplePackFiles('crash-pack'));

/** What clients were told succeeded: each must survive the crash. */
const acknowledgedUploads = new Set<string>(); // `${nodeId}@${version}`
const acknowledgedInstalls = new Map<string, number>();
const attemptedInstalls = new Map<string, number>();
let counter = 0;

async function publishLoop(instance: InstanceProcess, token: string, stop: () => boolean) {
  while (!stop()) {
    const n = counter++;
    const nodeId = `${publisherId}-pack-${n % 10}`;
    const version = `2.${Math.floor(n / 10)}.${n % 10}`;
    try {
      const published = await fetch(`${instance.apiUrl}/publishers/${publisherId}/nodes/${nodeId}/versions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(comfyCliPublishBody(token, nodeId, version)),
      });
      if (published.status !== 201) continue;
      const { signedUrl } = (await published.json()) as { signedUrl: string };
      const upload = await fetch(signedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/zip' },
        body: zip,
      });
      if (upload.ok) acknowledgedUploads.add(`${nodeId}@${version}`);
    } catch {
      return; // the server is gone
    }
  }
}

async function installLoop(instance: InstanceProcess, nodeIds: string[], stop: () => boolean) {
  while (!stop()) {
    const nodeId = nodeIds[counter++ % nodeIds.length]!;
    attemptedInstalls.set(nodeId, (attemptedInstalls.get(nodeId) ?? 0) + 1);
    try {
      const client = counter;
      const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
      const response = await fetch(`${instance.apiUrl}/nodes/${nodeId}/install`, {
        headers: { 'x-forwarded-for': address },
      });
      await response.arrayBuffer();
      if (response.ok) acknowledgedInstalls.set(nodeId, (acknowledgedInstalls.get(nodeId) ?? 0) + 1);
    } catch {
      return;
    }
  }
}

function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full));
    }
  };
  walk(root);
  return out;
}

/** Just enough of the server's services for the janitor: the database and the archive directory. */
async function janitorServices(): Promise<AppDeps> {
  const database = await openDatabase({ driver: 'postgres', url: databaseUrl!, poolSize: 1 });
  cleanup.push(() => database.close());
  const clock = { now: () => new Date() };
  const storage = createFsStorage({
    root: join(dataDir, 'storage'),
    apiPublicUrl: 'http://unused',
    secret: env.STORAGE_SIGNING_SECRET,
    clock,
  });
  return { db: database.db, storage, clock } as unknown as AppDeps;
}
const cleanup: Array<() => Promise<void>> = [];

async function waitForQueue(client: pg.Client) {
  // Long enough for a killed instance's running jobs to go stale and be retried.
  for (let i = 0; i < 900; i++) {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM jobs WHERE status IN ('queued','running')`,
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let instance = await startInstance(env, 180_000);
const { token } = await createBenchPublisher(databaseUrl, publisherId);
const demo = (await (await fetch(`${instance.apiUrl}/nodes?limit=50`)).json()) as { nodes: Array<{ id: string }> };
const installIds = demo.nodes.map((node) => node.id).slice(0, 8);
// The demo packs start with made-up download counts: compare against what was there before.
const baseline = new Map<string, number>();
for (const id of installIds) {
  const node = (await (await fetch(`${instance.apiUrl}/nodes/${id}`)).json()) as { downloads?: number };
  baseline.set(id, node.downloads ?? 0);
}

for (let round = 1; round <= ROUNDS; round++) {
  let stopped = false;
  const loops = [
    ...Array.from({ length: 8 }, () => publishLoop(instance, token, () => stopped)),
    ...Array.from({ length: INSTALL_LOOPS }, () => installLoop(instance, installIds, () => stopped)),
  ];
  await new Promise((resolve) => setTimeout(resolve, CRASH_AFTER_MS));
  await instance.kill();
  stopped = true;
  await Promise.all(loops);
  console.log(
    `round ${round}: SIGKILL after ${CRASH_AFTER_MS} ms (${acknowledgedUploads.size} uploads acknowledged so far)`,
  );
  instance = await startInstance(env, 180_000);
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await waitForQueue(client);
const problems: string[] = [];
try {
  const versions = await client.query<{
    node_id: string;
    version: string;
    status: string;
    key: string | null;
    uploaded_at: Date | null;
  }>(
    `SELECT v.node_id, v.version, v.status, a.key, a.uploaded_at
       FROM node_versions v LEFT JOIN archives a ON a.id = v.archive_id
      WHERE v.node_id LIKE $1`,
    [`${publisherId}-%`],
  );
  const byKey = new Map(versions.rows.map((row) => [`${row.node_id}@${row.version}`, row]));
  const withoutArchive = versions.rows.filter((row) => row.key === null);
  if (withoutArchive.length) problems.push(`${withoutArchive.length} versions without an archive record`);
  for (const ack of acknowledgedUploads) {
    const row = byKey.get(ack);
    if (!row) problems.push(`acknowledged upload ${ack} has no version`);
    else if (!row.uploaded_at) problems.push(`acknowledged upload ${ack} not recorded as uploaded`);
    else if (row.status === 'NodeVersionStatusPending') problems.push(`acknowledged upload ${ack} stuck in Pending`);
  }
  const activeNoUpload = versions.rows.filter((row) => row.status === 'NodeVersionStatusActive' && !row.uploaded_at);
  if (activeNoUpload.length) problems.push(`${activeNoUpload.length} Active versions without an uploaded archive`);

  const archives = await client.query<{ key: string; uploaded_at: Date | null }>(
    `SELECT key, uploaded_at FROM archives`,
  );
  const accepted = new Set(archives.rows.filter((row) => row.uploaded_at).map((row) => row.key));
  const storedFiles = () => filesUnder(join(dataDir, 'storage')).filter((file) => !file.endsWith('.tmp'));
  // Bytes written but never accepted (killed between the write and the commit) keep a "not uploaded"
  // archive row; the version stays Pending for a retry and the janitor deletes the bytes once the
  // upload URL has long expired. Run it as if that time had passed, then nothing may be left over.
  const interrupted = storedFiles().filter((file) => !accepted.has(file)).length;
  await sweepAbandonedUploads(await janitorServices(), new Date(Date.now() + 2 * 3600_000));
  const stored = storedFiles();
  const orphans = stored.filter((file) => !accepted.has(file));
  const missing = [...accepted].filter((key) => !stored.includes(key));
  if (orphans.length)
    problems.push(`${orphans.length} stored objects without an accepted archive: ${orphans.slice(0, 3).join(', ')}`);
  if (missing.length) problems.push(`${missing.length} accepted archives whose object is missing`);

  const counts = await client.query<{ id: string; total_install: string }>(
    `SELECT id, total_install FROM nodes WHERE id = ANY($1)`,
    [installIds],
  );
  // A count is written just after its reply: a kill may lose the ones in flight, at most one per
  // install loop per crash. More than that would be a real loss.
  let lostInFlight = 0;
  for (const row of counts.rows) {
    const counted = Number(row.total_install) - (baseline.get(row.id) ?? 0);
    const acked = acknowledgedInstalls.get(row.id) ?? 0;
    const tried = attemptedInstalls.get(row.id) ?? 0;
    lostInFlight += Math.max(0, acked - counted);
    if (counted > tried) problems.push(`${row.id}: ${counted} downloads counted but only ${tried} attempted`);
  }
  if (lostInFlight > INSTALL_LOOPS * ROUNDS) {
    problems.push(`${lostInFlight} acknowledged downloads not counted (more than were in flight at the kills)`);
  }
  console.log(`Acknowledged installs whose count was in flight at a kill: ${lostInFlight}.`);
  const ackedTotal = [...acknowledgedInstalls.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\nAfter ${ROUNDS} crashes: ${versions.rows.length} versions (${acknowledgedUploads.size} uploads acknowledged), ` +
      `${archives.rowCount} archive records, ${stored.length} stored objects, ${ackedTotal} installs acknowledged.`,
  );
  console.log(
    `Half-written versions: ${withoutArchive.length}; interrupted uploads swept by the janitor: ${interrupted}; ` +
      `orphaned objects after it: ${orphans.length}; missing objects: ${missing.length}.`,
  );
} finally {
  await client.end();
  await instance.stop();
  for (const close of cleanup) await close();
}
for (const problem of problems) console.log(`  PROBLEM: ${problem}`);
console.log(
  problems.length === 0 ? 'PASS: nothing half-written, orphaned or lost.' : `FAIL: ${problems.length} problems.`,
);
process.exit(problems.length === 0 ? 0 : 1);
