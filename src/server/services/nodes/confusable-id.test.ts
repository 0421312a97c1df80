import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher, insertToken } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';
import { parseCorpus } from '../import/corpus-schema.ts';
import { importCorpus } from '../import/import-corpus.ts';
import { nodeIdKey } from '../publish/node-id.ts';
import { uniqueViolation } from '../publish/unique-violation.ts';
import { CONFUSABLE_ID_INDEX } from './confusable-id.ts';

// Ids that differ only in letter case or in `-`, `_`, `.` are one pack: every place that creates a
// node refuses a look-alike of another node's id, and the database refuses it too.

const LOOK_ALIKES = ['sec_pack', 'sec.pack', 'sec--pack', 'Sec._Pack'];

describe('confusable node ids', () => {
  let t: TestApp;
  let owner: Actor;
  let rival: Actor;
  let admin: Actor;
  let ownerPublisher: PublisherRow;
  let rivalPublisher: PublisherRow;
  let rivalToken: string;
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, rival, admin] = await Promise.all([signedIn(t), signedIn(t), signedIn(t, { admin: true })]);
    ownerPublisher = await insertPublisher(t.services.db, { owner: owner.user });
    rivalPublisher = await insertPublisher(t.services.db, { owner: rival.user });
    ownerToken = (await insertToken(t.services.db, ownerPublisher, { createdBy: owner.user.id })).token;
    rivalToken = (await insertToken(t.services.db, rivalPublisher, { createdBy: rival.user.id })).token;
    const created = await t.request(`/publishers/${ownerPublisher.id}/nodes`, {
      method: 'POST',
      token: owner.token,
      json: { id: 'sec-pack' },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => t.close());

  const nodeCount = async () => (await t.services.db.select({ id: nodes.id }).from(nodes)).length;

  async function expectConfusable(response: Response, tail: RegExp) {
    const body = (await response.json()) as { error: string; message: string };
    expect({ status: response.status, error: body.error }).toEqual({ status: 409, error: 'node_id_confusable' });
    expect(body.message).toMatch(/is too close to the existing node "sec-pack"/);
    expect(body.message).toMatch(tail);
  }

  it('folds case and runs of -, _ and . into one key (PEP 503)', () => {
    for (const id of [...LOOK_ALIKES, 'SEC-PACK', 'sec-pack']) expect(nodeIdKey(id)).toBe('sec-pack');
    expect(nodeIdKey('ComfyUI_Foo.Bar--baz')).toBe('comfyui-foo-bar-baz');
    expect(nodeIdKey('secpack')).toBe('secpack');
  });

  it.each(LOOK_ALIKES)('publish of a new node %j by another publisher: 409, nothing created', async (id) => {
    const before = await nodeCount();
    const response = await t.request(`/publishers/${rivalPublisher.id}/nodes/${id}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(rivalToken, id, '1.0.0'),
    });
    await expectConfusable(response, /Choose a clearly different id/);
    expect(await nodeCount()).toBe(before);
  });

  it('publish under the same publisher is refused too, pointing at its own pack', async () => {
    const response = await t.request(`/publishers/${ownerPublisher.id}/nodes/sec_pack/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(ownerToken, 'sec_pack', '1.0.0'),
    });
    await expectConfusable(response, /Publish to "sec-pack" instead/);
  });

  it('publishing to the pack itself in another letter case is unchanged: owner allowed, others 403', async () => {
    const own = await t.request(`/publishers/${ownerPublisher.id}/nodes/SEC-PACK/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(ownerToken, 'SEC-PACK', '1.0.0'),
    });
    expect(own.status).toBe(201);
    const other = await t.request(`/publishers/${rivalPublisher.id}/nodes/SEC-PACK/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(rivalToken, 'SEC-PACK', '1.0.1'),
    });
    expect((await other.json()) as object).toMatchObject({ error: 'node_owned_elsewhere' });
  });

  it.each(LOOK_ALIKES)('create node %j (dashboard route): 409', async (id) => {
    const response = await t.request(`/publishers/${rivalPublisher.id}/nodes`, {
      method: 'POST',
      token: rival.token,
      json: { id },
    });
    await expectConfusable(response, /Choose a clearly different id/);
  });

  it.each(LOOK_ALIKES)('admin "add unclaimed node" %j: 409', async (id) => {
    const response = await t.request('/admin/nodes', {
      method: 'POST',
      token: admin.token,
      json: { id, repository: `https://github.com/someone/${id}` },
    });
    await expectConfusable(response, /Choose a clearly different id/);
  });

  it('a deleted or banned pack keeps its key', async () => {
    await insertNode(t.services.db, { publisherId: ownerPublisher.id, id: 'gone-pack', status: 'NodeStatusDeleted' });
    const response = await t.request(`/publishers/${rivalPublisher.id}/nodes`, {
      method: 'POST',
      token: rival.token,
      json: { id: 'Gone_Pack' },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toContain('"gone-pack"');
  });

  it('the database refuses a look-alike row whoever writes it (unique index on the key)', async () => {
    const error = await insertNode(t.services.db, { publisherId: rivalPublisher.id, id: 'SEC__pack' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(uniqueViolation(error)).toBe(CONFUSABLE_ID_INDEX);
    // Rows marked as kept look-alikes (old data, corpus imports) are outside the index.
    await insertNode(t.services.db, { publisherId: rivalPublisher.id, id: 'SEC__pack', legacyConfusableId: true });
  });

  it('a corpus import keeps upstream packs that exist under two spellings, marked and reported', async () => {
    const record = (id: string, author: string) => ({
      id,
      name: id,
      author,
      repository: `https://github.com/${author}/${id}`,
      description: '',
      tags: [],
      github_stars: null,
      last_update: null,
      comfy_nodes: [],
    });
    const corpus = parseCorpus({
      source: 'confusable corpus',
      nodes: [record('ComfyUI-IO-Helpers', 'austin'), record('comfyui_io_helpers', 'ryu'), record('Sec.Pack', 'x')],
    });
    const summary = await importCorpus(t.services.db, corpus);
    expect(summary).toMatchObject({ created: 3, confusable: 2 });
    expect(summary.confusableSample).toEqual([
      ['comfyui_io_helpers', 'ComfyUI-IO-Helpers'],
      ['Sec.Pack', 'sec-pack'],
    ]);
    const marked = await t.services.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.legacyConfusableId, true));
    expect(marked.map((row) => row.id).sort()).toEqual(['SEC__pack', 'Sec.Pack', 'comfyui_io_helpers']);
    const [audit] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'corpus.import'));
    expect(audit!.after).toMatchObject({ confusable: 2 });
    // A re-run finds them by id and changes nothing.
    expect(await importCorpus(t.services.db, corpus)).toMatchObject({ created: 0, unchanged: 3, confusable: 0 });
  });
});
