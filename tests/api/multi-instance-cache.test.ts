import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, EMULATOR_PROJECT } from '#test/firebase-emulator.ts';
import type { InstanceProcess } from '../../bench/lib/instance-process.ts';
import { startTestInstance } from '../support/test-instance.ts';
import { createThrowawayPostgres } from '#test/test-db.ts';

// The response cache of two server processes on one PostgreSQL: a change made through one instance
// (or straight in the database, as a job would) is never served stale by the other for more than
// about a second, and never by the instance that took the write. Needs PostgreSQL (server-postgres).
const onPostgres = process.env['TEST_DB_DRIVER'] === 'postgres';
if (!onPostgres) console.info('multi-instance cache test skipped: it needs PostgreSQL (TEST_DATABASE_URL).');

const adminEmail = uniqueEmail('cache-admin');
const LONG = 'Nodes that upscale images with care. '.repeat(40);

let database: Awaited<ReturnType<typeof createThrowawayPostgres>>;
let dataDir: string;
let a: InstanceProcess;
let b: InstanceProcess;

async function call(
  instance: InstanceProcess,
  path: string,
  init: { method?: string; token?: string; json?: unknown } = {},
) {
  const headers = new Headers();
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${instance.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
}

/** The node as an anonymous visitor of `instance` sees it, and whether the cache answered. */
async function read(instance: InstanceProcess, nodeId: string) {
  const response = await call(instance, `/nodes/${nodeId}`);
  const cache = response.headers.get('x-nodeyard-cache');
  const body = response.status === 200 ? ((await response.json()) as { name: string }) : null;
  return { status: response.status, cache, name: body?.name };
}

/** Polls until `check` passes; returns how long it took (ms). */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/**
 * Reads until the answer comes from the cache (the state the test must then overturn). A change the
 * feed had not applied yet when the first read was stored drops it once more, hence the loop.
 */
async function primed(instance: InstanceProcess, nodeId: string) {
  let last = await read(instance, nodeId);
  await eventually(
    async () => {
      last = await read(instance, nodeId);
      return last.cache === 'HIT';
    },
    5_000,
    'a cached answer',
  );
  return last;
}

describe.skipIf(!onPostgres)('response cache on two instances', () => {
  beforeAll(async () => {
    database = await createThrowawayPostgres();
    dataDir = await mkdtemp(join(tmpdir(), 'nodeyard-multi-cache-'));
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      STORAGE_SIGNING_SECRET: 'multi-instance-signing-secret-0123456789',
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
      ADMIN_EMAILS: adminEmail,
      RATE_LIMIT_ENABLED: 'false',
    };
    [a, b] = await Promise.all([startTestInstance(env), startTestInstance(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('shows an edit, a database change and a ban on the other instance within a second, and keeps what they do not touch', async () => {
    const owner = await signUp({ emailVerified: true });
    const publisherId = `cache-${Date.now().toString(36)}`;
    const nodeId = `${publisherId}-pack`;
    const created = await call(a, '/publishers', {
      method: 'POST',
      token: owner.idToken,
      json: { id: publisherId, name: 'C' },
    });
    expect(created.status).toBe(201);
    const node = await call(a, `/publishers/${publisherId}/nodes`, {
      method: 'POST',
      token: owner.idToken,
      json: { id: nodeId, name: 'First Name', description: LONG, repository: `https://github.com/example/${nodeId}` },
    });
    expect(node.status, await node.clone().text()).toBe(201);
    await eventually(async () => (await read(b, nodeId)).status === 200, 5_000, 'B to see the new node');

    // A publisher without nodes: its edit touches no node row; the feed's publisher row reaches B.
    const lonelyId = `${publisherId}-solo`;
    const lonely = await call(a, '/publishers', {
      method: 'POST',
      token: owner.idToken,
      json: { id: lonelyId, name: 'Before', description: LONG },
    });
    expect(lonely.status).toBe(201);
    const publisherName = async () => {
      const response = await call(b, `/publishers/${lonelyId}`);
      return {
        cache: response.headers.get('x-nodeyard-cache'),
        name: ((await response.json()) as { name: string }).name,
      };
    };
    await eventually(async () => (await publisherName()).cache === 'HIT', 5_000, 'B to cache the publisher');
    const renamed = await call(a, `/publishers/${lonelyId}`, {
      method: 'PUT',
      token: owner.idToken,
      json: { name: 'After', description: LONG },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const publisherLag = await eventually(async () => (await publisherName()).name === 'After', 5_000, 'B: publisher');
    console.info(`publisher edit through A visible on B after ${publisherLag} ms`);
    expect(publisherLag).toBeLessThan(1_000);

    // Precise: an edit of another pack (same publisher) through A leaves B's entry of this one cached.
    const otherId = `${publisherId}-other`;
    const other = await call(a, `/publishers/${publisherId}/nodes`, {
      method: 'POST',
      token: owner.idToken,
      json: { id: otherId, name: 'Other', description: LONG, repository: `https://github.com/example/${otherId}` },
    });
    expect(other.status, await other.clone().text()).toBe(201);
    await eventually(async () => (await read(b, otherId)).status === 200, 5_000, 'B to see the other node');
    expect((await primed(b, nodeId)).name).toBe('First Name');
    const unrelated = await call(a, `/publishers/${publisherId}/nodes/${otherId}`, {
      method: 'PUT',
      token: owner.idToken,
      json: { name: 'Other Renamed', description: LONG },
    });
    expect(unrelated.status, await unrelated.clone().text()).toBe(200);
    // Once B shows the other pack's change it has applied that feed row: this pack's entry survived it.
    await eventually(async () => (await read(b, otherId)).name === 'Other Renamed', 5_000, 'B: other edit');
    expect(await read(b, nodeId)).toMatchObject({ cache: 'HIT', name: 'First Name' });

    // An edit through A: A never answers from its cache after its own write, B catches up within a second.
    await primed(a, nodeId);
    const edit = await call(a, `/publishers/${publisherId}/nodes/${nodeId}`, {
      method: 'PUT',
      token: owner.idToken,
      json: { name: 'Second Name', description: LONG },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect((await read(a, nodeId)).name).toBe('Second Name');
    const editLag = await eventually(async () => (await read(b, nodeId)).name === 'Second Name', 5_000, 'B: edit');
    console.info(`edit through A visible on B after ${editLag} ms`);
    expect(editLag).toBeLessThan(1_000);

    // A change straight in the database (a job, an import, a CLI; no timestamp touched): the feed's
    // trigger records it and its NOTIFY wakes both instances.
    await primed(b, nodeId);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`UPDATE nodes SET name = 'Third Name' WHERE id = $1`, [nodeId]);
    } finally {
      await client.end();
    }
    const feedLag = await eventually(async () => (await read(b, nodeId)).name === 'Third Name', 5_000, 'B: feed');
    console.info(`database change visible on B after ${feedLag} ms`);
    expect(feedLag).toBeLessThan(1_000);

    // A ban through A: A refuses at once, B within a second, and neither serves the cached pack again.
    await primed(a, nodeId);
    await primed(b, nodeId);
    const admin = await signUp({ email: adminEmail, emailVerified: true });
    expect((await call(a, '/users', { token: admin.idToken })).status).toBe(200);
    const ban = await call(a, `/publishers/${publisherId}/nodes/${nodeId}/ban`, {
      method: 'POST',
      token: admin.idToken,
      json: { reason: 'cache test' },
    });
    expect(ban.status).toBeLessThan(300);
    expect((await read(a, nodeId)).status).toBe(403);
    const banLag = await eventually(async () => (await read(b, nodeId)).status === 403, 5_000, 'B: ban');
    console.info(`ban enforced on B after ${banLag} ms`);
    expect(banLag).toBeLessThan(1_000);
    for (const instance of [a, b]) {
      for (let i = 0; i < 3; i++) expect((await read(instance, nodeId)).status).toBe(403);
    }
  }, 120_000);
});
