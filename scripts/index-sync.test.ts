import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { nodes } from '../src/server/db/schema/index.ts';
import { IndexRefused } from '../src/server/index-protocol/index-client.ts';
import { pruneChangeFeed } from '../src/server/services/change-feed/feed.ts';
import { syncDirectory } from './lib/index-directory.ts';

// The reference client (`npm run index -- sync <url> <dir>`): a verified copy of the catalogue in a
// directory, a snapshot the first time and only changes after; refuses what does not verify.

describe('npm run index -- sync', () => {
  let t: TestApp;
  let dir: string;
  const zip = buildZip(samplePackFiles('synced-pack'));
  /** fetch straight into the app; `flip` corrupts one byte of matching answers on the way. */
  let flip: RegExp | null = null;
  const appFetch = (async (input: string | URL | Request) => {
    const response = await t.app.request(String(input));
    if (!flip || !flip.test(String(input))) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    return new Response(bytes, { status: response.status, headers: response.headers });
  }) as typeof fetch;
  const sync = () => syncDirectory({ upstream: 'http://api.test', dir, archives: true, fetch: appFetch });
  const served = async () => Buffer.from(await (await t.request('/index/v1/snapshot')).arrayBuffer()).toString('utf8');
  const saved = () => readFile(join(dir, 'index.json'), 'utf8');

  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), 'nodeyard-index-sync-'));
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { id: 'synced-pack', publisherId: publisher.id });
    await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: 'synced-pack',
      version: '1.0.0',
      bytes: zip,
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('takes the snapshot the first time, verified, with the archives checked against their sha256', async () => {
    const result = await sync();
    expect(result).toMatchObject({
      snapshots: 1,
      deltas: 0,
      packs: 1,
      versions: 1,
      archivesFetched: 1,
      trustedOnFirstUse: true,
    });
    expect(await saved()).toBe(await served());
    const sha = createHash('sha256').update(zip).digest('hex');
    expect(
      createHash('sha256')
        .update(await readFile(join(dir, 'archives', `${sha}.zip`)))
        .digest('hex'),
    ).toBe(sha);
  });

  it('then follows the changes only, ending with the same bytes as a fresh snapshot', async () => {
    await t.services.db.update(nodes).set({ name: 'Renamed' }).where(eq(nodes.id, 'synced-pack'));
    const result = await sync();
    expect(result).toMatchObject({ snapshots: 0, deltas: 1, trustedOnFirstUse: false });
    expect(await saved()).toBe(await served());
  });

  it('refuses changes whose signature does not match, and keeps what it had', async () => {
    const before = await saved();
    await t.services.db.update(nodes).set({ name: 'Tampered?' }).where(eq(nodes.id, 'synced-pack'));
    flip = /\/index\/v1\/changes/;
    await expect(sync()).rejects.toBeInstanceOf(IndexRefused);
    flip = null;
    expect(await saved()).toBe(before);
    await sync();
    expect(await saved()).toBe(await served());
  });

  it('starts over from the snapshot when its cursor has expired', async () => {
    await t.services.db.update(nodes).set({ name: 'After expiry' }).where(eq(nodes.id, 'synced-pack'));
    await pruneChangeFeed(t.services.db, new Date(Date.now() + 60_000));
    const result = await sync();
    expect(result).toMatchObject({ snapshots: 1 });
    expect(await saved()).toBe(await served());
  });
});
