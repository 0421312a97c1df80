import { verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertPublisher } from '#test/factories.ts';
import { seedNode, type SeededNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { IndexDeltaSchema, type IndexDelta } from '../../index-protocol/format.ts';
import { publicKeyFromRaw } from '../../index-protocol/signatures.ts';
import { pruneChangeFeed } from '../../services/change-feed/feed.ts';

// GET /index/v1/changes?since=: what changed in the public catalogue after a cursor, with tombstones,
// built on the change feed the database triggers write in the transaction of every change.

describe('GET /index/v1/changes (getIndexChanges)', () => {
  let t: TestApp;
  let admin: Actor;
  let owner: Actor;
  let banned: SeededNode;
  let trimmed: SeededNode;
  let cursor: string;

  const changes = async (since: string) => {
    const response = await t.request(`/index/v1/changes?since=${since}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      response,
      bytes,
      document: response.status === 200 ? IndexDeltaSchema.parse(JSON.parse(bytes.toString())) : null,
    };
  };
  const summary = (delta: IndexDelta) => ({
    packs: delta.packs.map((pack) => pack.id),
    versions: delta.versions.map((v) => `${v.pack}@${v.version}`),
    removed: delta.removed,
  });

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock() });
    admin = await signedIn(t, { admin: true });
    owner = await signedIn(t);
    const publisher = await insertPublisher(t.services.db, { owner: owner.user });
    banned = await seedNode(t.services.db, { id: 'to-be-banned', publisher, versions: [{ version: '1.0.0' }] });
    trimmed = await seedNode(t.services.db, {
      id: 'to-be-trimmed',
      publisher,
      versions: [{ version: '0.9.0' }, { version: '1.0.0' }],
    });
    await seedNode(t.services.db, { id: 'untouched', publisher, versions: [{ version: '1.0.0' }] });
    cursor = (JSON.parse(await (await t.request('/index/v1/snapshot')).text()) as { cursor: string }).cursor;
  });
  afterAll(() => t.close());

  it('answers an empty delta at the head, with the same cursor', async () => {
    const { response, document } = await changes(cursor);
    expect(response.status).toBe(200);
    expect(document).toMatchObject({ since: cursor, cursor, more: false, packs: [], versions: [], removed: [] });
  });

  it('after a publish, a ban and a version deletion, returns exactly those three, with tombstones', async () => {
    await seedNode(t.services.db, { id: 'newly-published', versions: [{ version: '1.0.0' }] });
    const ban = await t.request(`/publishers/${banned.publisher.id}/nodes/${banned.node.id}/ban`, {
      method: 'POST',
      token: admin.token,
    });
    expect(ban.status).toBe(204);
    const deletion = await t.request(
      `/publishers/${trimmed.publisher.id}/nodes/${trimmed.node.id}/versions/${trimmed.versions[0]!.id}`,
      { method: 'DELETE', token: owner.token },
    );
    expect(deletion.status).toBe(204);

    const { response, bytes, document } = await changes(cursor);
    expect(response.status).toBe(200);
    expect(summary(document!)).toEqual({
      packs: ['newly-published'],
      versions: ['newly-published@1.0.0'],
      removed: [
        { type: 'pack', pack: 'to-be-banned', reason: 'banned' },
        { type: 'version', pack: 'to-be-trimmed', version: '0.9.0', reason: 'deleted' },
      ],
    });
    expect(Number(document!.cursor)).toBeGreaterThan(Number(cursor));
    // Signed like the snapshot, over the exact bytes.
    const keys = (await (await t.request('/index/v1/keys')).json()) as { keys: { public_key: string }[] };
    const signature = Buffer.from(response.headers.get('nodeyard-signature')!, 'base64');
    expect(verify(null, bytes, publicKeyFromRaw(keys.keys[0]!.public_key).publicKey, signature)).toBe(true);
    // From the new cursor on, nothing more.
    expect(summary((await changes(document!.cursor)).document!)).toEqual({ packs: [], versions: [], removed: [] });
  });

  it('brings a pack back whole when its ban is lifted', async () => {
    const head = (await changes(cursor)).document!.cursor;
    const unban = await t.request(`/publishers/${banned.publisher.id}/nodes/${banned.node.id}/unban`, {
      method: 'POST',
      token: admin.token,
    });
    expect(unban.status).toBe(204);
    expect(summary((await changes(head)).document!)).toEqual({
      packs: ['to-be-banned'],
      versions: ['to-be-banned@1.0.0'],
      removed: [],
    });
  });

  it('tells a client with a cursor it cannot answer to fetch the snapshot (410), and a malformed one 400', async () => {
    const ahead = await changes('999999999');
    expect(ahead.response.status).toBe(410);
    expect(JSON.parse(ahead.bytes.toString())).toMatchObject({
      error: 'cursor_unknown',
      message: expect.stringContaining('GET /index/v1/snapshot'),
    });
    const bad = await changes('-1');
    expect(bad.response.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString())).toMatchObject({ error: 'validation_error' });

    const head = (await changes(cursor)).document!.cursor;
    // Everything recorded so far is pruned (a cutoff in the future of every row).
    expect(await pruneChangeFeed(t.services.db, new Date(Date.now() + 86_400_000))).toBeGreaterThan(0);
    const expired = await changes(cursor);
    expect(expired.response.status).toBe(410);
    expect(JSON.parse(expired.bytes.toString())).toMatchObject({
      error: 'cursor_expired',
      message: expect.stringContaining('GET /index/v1/snapshot'),
    });
    // The head itself is still answerable: nothing happened after it.
    expect((await changes(head)).response.status).toBe(200);
  });
});
