import { createHash, verify } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { composeServices } from '../../compose-services.ts';
import { nodes } from '../../db/schema/index.ts';
import { canonicalJson } from '../../index-protocol/canonical-json.ts';
import { IndexSnapshotSchema, type IndexSnapshot } from '../../index-protocol/format.ts';
import { publicKeyFromRaw } from '../../index-protocol/signatures.ts';
import { buildSnapshot } from '../../services/index-protocol/build-snapshot.ts';

// GET /index/v1/snapshot: every public pack and installable version in one signed, byte-stable document.

describe('GET /index/v1/snapshot (getIndexSnapshot)', () => {
  let t: TestApp;

  const snapshot = async (headers: Record<string, string> = {}) => {
    const response = await t.request('/index/v1/snapshot', { headers });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const parse = (bytes: Buffer): IndexSnapshot => IndexSnapshotSchema.parse(JSON.parse(bytes.toString('utf8')));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const shown = await seedNode(db, {
      id: 'zeta-tools',
      name: 'Zeta Tools',
      description: 'Sharpens',
      tags: ['image'],
      versions: [
        { version: '1.0.0', dependencies: ['numpy'] },
        { version: '1.1.0', deprecated: true, deprecationMessage: 'use 2.x' },
        { version: '2.0.0', status: 'NodeVersionStatusPending' },
        { version: '0.9.0', status: 'NodeVersionStatusBanned' },
      ],
    });
    await insertComfyNode(db, shown.versions[1]!.id, 'ZetaSharpen');
    await insertComfyNode(db, shown.versions[1]!.id, 'ZetaBlur');
    await insertComfyNode(db, shown.versions[0]!.id, 'ZetaOld');
    await seedNode(db, { id: 'alpha-imported', catalogComfyNodeNames: ['Beta', 'Alpha'] });
    await seedNode(db, { id: 'banned-pack', status: 'NodeStatusBanned', versions: [{ version: '1.0.0' }] });
    await seedNode(db, { id: 'deleted-pack', status: 'NodeStatusDeleted', versions: [{ version: '1.0.0' }] });
    await seedNode(db, { id: 'withheld-pack', versions: [{ version: '1.0.0', status: 'NodeVersionStatusFlagged' }] });
  });
  afterAll(() => t.close());

  it('lists every public pack by id and every installable version, and nothing withheld, banned or deleted', async () => {
    const { response, bytes } = await snapshot();
    expect(response.status).toBe(200);
    const document = parse(bytes);
    expect(document.packs.map((pack) => pack.id)).toEqual(['alpha-imported', 'zeta-tools']);
    expect(document.versions.map((v) => `${v.pack}@${v.version}`)).toEqual(['zeta-tools@1.0.0', 'zeta-tools@1.1.0']);
    expect(document.packs[1]).toMatchObject({
      name: 'Zeta Tools',
      description: 'Sharpens',
      tags: ['image'],
      latest_version: '1.1.0',
      deprecated: true,
      deprecation_message: 'use 2.x',
      node_classes: ['ZetaBlur', 'ZetaSharpen'],
    });
    expect(document.packs[0]).toMatchObject({ node_classes: ['Alpha', 'Beta'] });
    expect(document.packs[0]).not.toHaveProperty('latest_version');
    expect(document.versions[0]).toEqual({
      pack: 'zeta-tools',
      version: '1.0.0',
      sha256: '0'.repeat(64),
      size: 22,
      download_url: 'http://api.test/archives/zeta-tools/1.0.0/node.zip',
      dependencies: ['numpy'],
      created_at: expect.any(String),
    });
  });

  it('is canonical JSON, signed over its exact bytes with a key GET /index/v1/keys lists', async () => {
    const { response, bytes } = await snapshot();
    expect(bytes.toString('utf8')).toBe(canonicalJson(JSON.parse(bytes.toString('utf8'))));
    const keys = (await (await t.request('/index/v1/keys')).json()) as { keys: { id: string; public_key: string }[] };
    const key = keys.keys.find((k) => k.id === response.headers.get('nodeyard-key-id'))!;
    const signature = Buffer.from(response.headers.get('nodeyard-signature')!, 'base64');
    const publicKey = publicKeyFromRaw(key.public_key).publicKey;
    expect(verify(null, bytes, publicKey, signature)).toBe(true);
    const flipped = Buffer.from(bytes);
    flipped[100]! ^= 0x01;
    expect(verify(null, flipped, publicKey, signature)).toBe(false);
    expect(response.headers.get('nodeyard-index-cursor')).toBe(parse(bytes).cursor);
  });

  it('is the same bytes from another instance at the same cursor', async () => {
    const { bytes } = await snapshot();
    // Another instance: its own services (and memory) over the same database, with the registry's key.
    const other = composeServices({
      db: t.services.db,
      config: { ...t.services.config },
      identity: t.services.identity,
      storage: t.services.storage,
      indexKeys: t.services.indexKeys,
    });
    const rebuilt = await buildSnapshot(other);
    expect(rebuilt.body.equals(bytes)).toBe(true);
  });

  it('answers 304 to its ETag and sends brotli or gzip as asked, the same bytes inside', async () => {
    const { response, bytes } = await snapshot();
    const etag = response.headers.get('etag')!;
    expect(etag).toBe(`"${createHash('sha256').update(bytes).digest('base64url')}"`);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect((await snapshot({ 'if-none-match': etag })).response.status).toBe(304);

    const br = await snapshot({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(br.bytes).equals(bytes)).toBe(true);
    expect((await snapshot({ 'if-none-match': br.response.headers.get('etag')! })).response.status).toBe(304);
    const gz = await snapshot({ 'accept-encoding': 'gzip' });
    expect(gz.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).equals(bytes)).toBe(true);
  });

  it('moves to a new cursor after a change, without the pack that left', async () => {
    const before = await snapshot();
    await t.services.db.update(nodes).set({ status: 'NodeStatusBanned' }).where(eq(nodes.id, 'zeta-tools'));
    const after = await snapshot({ 'if-none-match': before.response.headers.get('etag')! });
    expect(after.response.status).toBe(200);
    const document = parse(after.bytes);
    expect(Number(document.cursor)).toBeGreaterThan(Number(parse(before.bytes).cursor));
    expect(document.packs.map((pack) => pack.id)).toEqual(['alpha-imported']);
    expect(document.versions).toEqual([]);
  });
});
