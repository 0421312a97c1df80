import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher, insertToken, insertUser } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import {
  archives,
  jobs,
  nodeVersions,
  personalAccessTokens,
  publisherPermissions,
  publishers,
  users,
} from '../../db/schema/index.ts';
import { acceptUploadedArchive } from '../archives/accept-upload.ts';

// The upload URL outlives the publish call: what happens to the token's creator or the publisher in
// between must still stop the version (upload-gate.ts), on both upload paths.

describe('accepting an upload after the publisher lost its standing', () => {
  let t: TestApp;
  let counter = 0;
  const zip = buildZip(samplePackFiles());

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh owner, publisher and token, and a publish that got its signed URL. */
  async function published() {
    const user = await insertUser(t.services.db);
    const publisher = await insertPublisher(t.services.db, { owner: user });
    const { token, row } = await insertToken(t.services.db, publisher, { createdBy: user.id });
    const nodeId = `gate-node-${++counter}`;
    const response = await t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(token, nodeId, '1.0.0'),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { signedUrl: string; node_version: { id: string } };
    const key = new URL(body.signedUrl).searchParams.get('key')!;
    return { user, publisher, tokenRow: row, signedUrl: body.signedUrl, versionId: body.node_version.id, key };
  }

  const upload = (url: string) =>
    t.request(url, { method: 'PUT', body: zip, headers: { 'content-type': 'application/zip' } });

  async function expectRefusedUpload(p: Awaited<ReturnType<typeof published>>, code: string) {
    const response = await upload(p.signedUrl);
    const body = (await response.json()) as { error: string; message: string };
    expect({ status: response.status, error: body.error }).toEqual({ status: 403, error: code });
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.key, p.key));
    expect(archive!.uploadedAt).toBeNull();
    expect(await t.services.storage.get(p.key)).toBeNull();
    const [version] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, p.versionId));
    expect(version).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: `Archive rejected: ${body.message}`,
    });
    // Nothing was queued, so the version can never become Active.
    expect(await scansQueuedFor(p.versionId)).toEqual([]);
  }

  const scansQueuedFor = async (versionId: string) =>
    (await t.services.db.select().from(jobs)).filter(
      (job) => (job.payload as { versionId?: string }).versionId === versionId,
    );

  it('accepts the upload while nothing changed', async () => {
    const p = await published();
    expect((await upload(p.signedUrl)).status).toBe(200);
    expect(await scansQueuedFor(p.versionId)).toHaveLength(1);
  });

  it('refuses it when the token creator was banned after the URL was issued: 403 user_banned', async () => {
    const p = await published();
    await t.services.db.update(users).set({ status: 'UserStatusBanned' }).where(eq(users.id, p.user.id));
    await expectRefusedUpload(p, 'user_banned');
  });

  it('refuses it when the token creator was removed from the publisher', async () => {
    const p = await published();
    await t.services.db
      .delete(publisherPermissions)
      .where(and(eq(publisherPermissions.publisherId, p.publisher.id), eq(publisherPermissions.userId, p.user.id)));
    await expectRefusedUpload(p, 'token_creator_not_member');
  });

  it('refuses it when the publisher was banned', async () => {
    const p = await published();
    await t.services.db
      .update(publishers)
      .set({ status: 'PublisherStatusBanned' })
      .where(eq(publishers.id, p.publisher.id));
    await expectRefusedUpload(p, 'publisher_banned');
  });

  it('refuses it when the token was revoked', async () => {
    const p = await published();
    await t.services.db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, p.tokenRow.id));
    await expectRefusedUpload(p, 'token_revoked');
  });

  it('remote-store path (no bytes handed in): refuses, deletes the object and queues nothing', async () => {
    const p = await published();
    await t.services.storage.put(p.key, zip, 'application/zip');
    await t.services.db.update(users).set({ status: 'UserStatusBanned' }).where(eq(users.id, p.user.id));
    const result = await acceptUploadedArchive(t.services, p.key);
    expect(result.status).toBe('refused');
    expect(await t.services.storage.get(p.key)).toBeNull();
    expect(await scansQueuedFor(p.versionId)).toEqual([]);
  });
});
