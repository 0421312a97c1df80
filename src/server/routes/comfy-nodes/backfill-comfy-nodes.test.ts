import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { jobs } from '../../db/schema/index.ts';

describe('POST /comfy-nodes/backfill', () => {
  let t: TestApp;
  let service: string;
  let user: Actor;
  const pending: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    service = (await insertServiceToken(t.services.db)).token;
    user = await signedIn(t);
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'backfill-pack' });
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
      pending.push((await insertVersion(t.services.db, { nodeId: 'backfill-pack', version })).id);
    }
    // Not candidates: extracted already, no uploaded archive, deleted.
    await insertVersion(t.services.db, {
      nodeId: 'backfill-pack',
      version: '0.9.0',
      comfyNodeExtractStatus: 'success',
    });
    await insertVersion(t.services.db, { nodeId: 'backfill-pack', version: '0.8.0', withArchive: false });
    await insertVersion(t.services.db, {
      nodeId: 'backfill-pack',
      version: '0.7.0',
      status: 'NodeVersionStatusDeleted',
    });
  });
  afterAll(() => t.close());

  const queued = async () =>
    (await t.services.db.select().from(jobs).where(eq(jobs.kind, 'version.scan'))).map(
      (job) => (job.payload as { versionId: string }).versionId,
    );

  it('needs a service token or an admin', async () => {
    expect((await t.request('/comfy-nodes/backfill', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/comfy-nodes/backfill', { method: 'POST', token: user.token })).status).toBe(403);
  });

  it('queues extraction for at most max_node versions without results, never twice', async () => {
    const first = await t.request('/comfy-nodes/backfill?max_node=2', { method: 'POST', token: service });
    expect(first.status).toBe(204);
    expect(await queued()).toHaveLength(2);
    await t.request('/comfy-nodes/backfill', { method: 'POST', token: service });
    expect((await queued()).sort()).toEqual([...pending].sort());
    await t.request('/comfy-nodes/backfill', { method: 'POST', token: service });
    expect(await queued()).toHaveLength(3);
  });

  it('refuses a max_node out of range', async () => {
    expect((await t.request('/comfy-nodes/backfill?max_node=0', { method: 'POST', token: service })).status).toBe(400);
  });
});
