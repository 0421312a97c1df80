import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import type { NodeVersionRow, PublisherRow } from '../../db/rows.ts';
import { nodeVersions } from '../../db/schema/index.ts';
import { insertUploadedVersion } from '#test/publish.ts';

const zip = buildZip(samplePackFiles());
const sha256 = createHash('sha256').update(zip).digest('hex');

describe('GET /archives/{nodeId}/{version}/node.zip', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let counter = 0;

  /** A node with one uploaded version in the given state. */
  async function arrange(
    status: NodeVersionRow['status'] = 'NodeVersionStatusActive',
    node: { status?: 'NodeStatusActive' | 'NodeStatusBanned' | 'NodeStatusDeleted'; id?: string } = {},
  ) {
    const id = node.id ?? `dl-pack-${++counter}`;
    await insertNode(t.services.db, { publisherId: publisher.id, id, status: node.status ?? 'NodeStatusActive' });
    await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: id,
      version: '1.0.0',
      bytes: zip,
      status,
    });
    return id;
  }

  async function expectError(response: Response, status: number, message: string) {
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  }

  beforeAll(async () => {
    t = await createTestApp();
    publisher = await insertPublisher(t.services.db);
  });
  afterAll(() => t.close());

  it('serves the exact stored bytes with download headers', async () => {
    const id = await arrange();
    const response = await t.request(`/archives/${id}/1.0.0/node.zip`);
    expect(response.status).toBe(200);
    expect(
      Object.fromEntries(
        ['content-type', 'content-length', 'etag', 'cache-control', 'content-disposition'].map((h) => [
          h,
          response.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'application/zip',
      'content-length': String(zip.length),
      etag: `"${sha256}"`,
      'cache-control': 'public, max-age=86400, immutable',
      'content-disposition': `attachment; filename="${id}-1.0.0.zip"`,
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(zip);
  });

  it('answers HEAD with the headers and no body', async () => {
    const id = await arrange();
    const response = await t.request(`/archives/${id}/1.0.0/node.zip`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(zip.length));
    expect(response.headers.get('etag')).toBe(`"${sha256}"`);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 304 when If-None-Match carries the ETag', async () => {
    const id = await arrange();
    const response = await t.request(`/archives/${id}/1.0.0/node.zip`, { headers: { 'if-none-match': `"${sha256}"` } });
    expect(response.status).toBe(304);
  });

  it('finds the node case-insensitively and the version however it is spelled', async () => {
    const id = await arrange('NodeVersionStatusActive', { id: `Cased-Pack-${++counter}` });
    const response = await t.request(`/archives/${id.toLowerCase()}/v1.0/node.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${id}-1.0.0.zip"`);
  });

  it('serves a deprecated but Active version', async () => {
    const id = `dl-pack-${++counter}`;
    await insertNode(t.services.db, { publisherId: publisher.id, id });
    const version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: id,
      version: '1.0.0',
      bytes: zip,
    });
    await t.services.db.update(nodeVersions).set({ deprecated: true }).where(eq(nodeVersions.id, version.id));
    expect((await t.request(`/archives/${id}/1.0.0/node.zip`)).status).toBe(200);
  });

  it('refuses a Pending version with 404', async () => {
    const id = await arrange('NodeVersionStatusPending');
    await expectError(
      await t.request(`/archives/${id}/1.0.0/node.zip`),
      404,
      `Version 1.0.0 of node ${id} is awaiting review and cannot be downloaded yet.`,
    );
  });

  it('refuses a Flagged version with 404', async () => {
    const id = await arrange('NodeVersionStatusFlagged');
    await expectError(
      await t.request(`/archives/${id}/1.0.0/node.zip`),
      404,
      `Version 1.0.0 of node ${id} is under review and cannot be downloaded.`,
    );
  });

  it('refuses a Deleted version with 404', async () => {
    const id = await arrange('NodeVersionStatusDeleted');
    await expectError(
      await t.request(`/archives/${id}/1.0.0/node.zip`),
      404,
      `Version 1.0.0 of node ${id} was deleted.`,
    );
  });

  it('refuses a Banned version with 403 (upstream left banned zips public)', async () => {
    const id = await arrange('NodeVersionStatusBanned');
    await expectError(
      await t.request(`/archives/${id}/1.0.0/node.zip`),
      403,
      `Version 1.0.0 of node ${id} is banned and cannot be downloaded.`,
    );
  });

  it('refuses every version of a banned node (403) and of a deleted node (404)', async () => {
    const banned = await arrange('NodeVersionStatusActive', { status: 'NodeStatusBanned' });
    await expectError(await t.request(`/archives/${banned}/1.0.0/node.zip`), 403, `Node "${banned}" is banned.`);
    const deleted = await arrange('NodeVersionStatusActive', { status: 'NodeStatusDeleted' });
    await expectError(await t.request(`/archives/${deleted}/1.0.0/node.zip`), 404, `Node "${deleted}" not found.`);
  });

  it('answers 404 for an unknown node, an unknown version, and an Active version without an uploaded zip', async () => {
    await expectError(await t.request('/archives/no-such-node/1.0.0/node.zip'), 404, 'Node "no-such-node" not found.');
    const id = await arrange();
    await expectError(await t.request(`/archives/${id}/9.9.9/node.zip`), 404, `Version 9.9.9 of node ${id} not found.`);
    const bare = await insertNode(t.services.db, { publisherId: publisher.id });
    await insertVersion(t.services.db, { nodeId: bare.id, version: '1.0.0', withArchive: false });
    await expectError(
      await t.request(`/archives/${bare.id}/1.0.0/node.zip`),
      404,
      `Version 1.0.0 of node ${bare.id} has no uploaded archive.`,
    );
  });

  it('redirects (302) when the store has its own download URL', async () => {
    const local = await createTestApp();
    try {
      const owner = await insertPublisher(local.services.db);
      await insertNode(local.services.db, { publisherId: owner.id, id: 'remote-pack' });
      await insertUploadedVersion(local.services, {
        publisherId: owner.id,
        nodeId: 'remote-pack',
        version: '1.0.0',
        bytes: zip,
      });
      local.services.storage.downloadRedirectUrl = async (key) => `https://cdn.example.test/${key}`;
      const response = await local.request('/archives/remote-pack/1.0.0/node.zip', { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`https://cdn.example.test/${owner.id}/remote-pack/1.0.0/node.zip`);
    } finally {
      await local.close();
    }
  });
});
