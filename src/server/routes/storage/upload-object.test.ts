import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher, insertUser } from '#test/factories.ts';
import { createTestApp, fixedClock, TEST_API_URL, type TestApp } from '#test/test-app.ts';
import {
  buildZip,
  samplePackFiles,
  withDeclaredSize,
  withEncryptedFlag,
  zipWithSpecialFile,
  zipWithSymlink,
} from '#test/zip.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { archives, jobs, nodes, nodeVersions } from '../../db/schema/index.ts';
import { PASSED_REASON } from '../../services/moderation/verdict.ts';
import { insertToken } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { signStorageUrl } from '../../storage/signing.ts';

const zip = buildZip(samplePackFiles());

interface Published {
  signedUrl: string;
  versionId: string;
  nodeId: string;
  key: string;
}

function context(options: { maxArchiveBytes?: number } = {}) {
  const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
  const state = {} as { t: TestApp; publisher: PublisherRow; token: string; counter: number };
  beforeAll(async () => {
    state.t = await createTestApp({
      clock,
      config: {
        ...(options.maxArchiveBytes ? { maxArchiveBytes: options.maxArchiveBytes } : {}),
      },
    });
    state.publisher = await insertPublisher(state.t.services.db, { owner: await insertUser(state.t.services.db) });
    state.token = (await insertToken(state.t.services.db, state.publisher)).token;
    state.counter = 0;
  });
  afterAll(() => state.t.close());

  async function publish(version = '1.0.0'): Promise<Published> {
    const nodeId = `upload-pack-${++state.counter}`;
    const response = await state.t.request(`/publishers/${state.publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(state.token, nodeId, version),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { signedUrl: string; node_version: { id: string } };
    const key = new URL(body.signedUrl).searchParams.get('key')!;
    return { signedUrl: body.signedUrl, versionId: body.node_version.id, nodeId, key };
  }

  const upload = (url: string, data: BodyInit | null, contentType: string | null = 'application/zip') =>
    state.t.request(url, {
      method: 'PUT',
      ...(data === null ? {} : { body: data }),
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    });

  const versionRow = async (id: string) =>
    (await state.t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, id)))[0]!;
  const archiveRow = async (key: string) =>
    (await state.t.services.db.select().from(archives).where(eq(archives.key, key)))[0]!;

  return { state, clock, publish, upload, versionRow, archiveRow };
}

async function expectError(response: Response, status: number, error: string, message: string | RegExp) {
  const body = (await response.json()) as { error: string; message: string };
  expect({ status: response.status, error: body.error }).toEqual({ status, error });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe('PUT /storage/objects (moderation on)', () => {
  const { state, clock, publish, upload, versionRow, archiveRow } = context();

  it('accepts the zip with 200, stores the exact bytes, records size and sha256, keeps the version Pending', async () => {
    const published = await publish();
    const response = await upload(published.signedUrl, zip);
    expect(response.status).toBe(200);
    const sha256 = createHash('sha256').update(zip).digest('hex');
    expect(await response.json()).toEqual({
      message: 'Archive accepted.',
      node_id: published.nodeId,
      version: '1.0.0',
      status: 'NodeVersionStatusPending',
      size: zip.length,
      sha256,
    });
    expect(await state.t.services.storage.get(published.key)).toEqual(zip);
    expect(await archiveRow(published.key)).toMatchObject({ size: zip.length, sha256, uploadedAt: expect.any(Date) });
    expect(await versionRow(published.versionId)).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: '',
    });
    const queued = await state.t.services.db.select().from(jobs).where(eq(jobs.kind, 'version.scan'));
    expect(queued.map((j) => j.payload)).toContainEqual({ versionId: published.versionId });
  });

  it('answers 409 to a second upload of an accepted key, and keeps the first bytes', async () => {
    const published = await publish();
    expect((await upload(published.signedUrl, zip)).status).toBe(200);
    const other = buildZip({ '__init__.py': '# other' });
    await expectError(
      await upload(published.signedUrl, other),
      409,
      'already_uploaded',
      'An archive was already uploaded for this version; published versions never change.',
    );
    expect(await state.t.services.storage.get(published.key)).toEqual(zip);
  });

  it('accepts only one of two simultaneous uploads to the same URL (200 and 409)', async () => {
    const published = await publish();
    const other = buildZip({ '__init__.py': '# the other one' });
    const responses = await Promise.all([upload(published.signedUrl, zip), upload(published.signedUrl, other)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = (await responses.find((r) => r.status === 200)!.json()) as { sha256: string };
    const stored = await state.t.services.storage.get(published.key);
    // Whatever won, the stored bytes are the ones whose hash was recorded.
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(winner.sha256);
    expect((await archiveRow(published.key)).sha256).toBe(winner.sha256);
  });

  it.each([
    ['a tampered signature', (u: URL) => u.searchParams.set('sig', 'A'.repeat(43))],
    ['another key with the same signature', (u: URL) => u.searchParams.set('key', 'other/node/1.0.0/node.zip')],
    [
      'a pushed-out expiry',
      (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
    ],
  ])('refuses %s with 403', async (_label, tamper) => {
    const published = await publish();
    const url = new URL(published.signedUrl);
    tamper(url);
    await expectError(
      await upload(url.toString(), zip),
      403,
      'invalid_signature',
      'This upload URL’s signature is not valid.',
    );
    expect(await state.t.services.storage.get(published.key)).toBeNull();
  });

  it('refuses a URL without its signature parameters (403)', async () => {
    await expectError(
      await upload('/storage/objects?key=a/b/1.0.0/node.zip', zip),
      403,
      'invalid_signature',
      'This upload URL is incomplete: it needs key, expires and sig.',
    );
  });

  it('refuses an expired URL (403) after 15 minutes', async () => {
    const published = await publish();
    clock.advance(15 * 60 * 1000 + 1000);
    try {
      await expectError(
        await upload(published.signedUrl, zip),
        403,
        'url_expired',
        'This upload URL has expired: publish again for a new one.',
      );
    } finally {
      clock.advance(-(15 * 60 * 1000 + 1000));
    }
    expect((await archiveRow(published.key)).uploadedAt).toBeNull();
  });

  it('answers 404 for a correctly signed key that no publish created', async () => {
    const url = signStorageUrl({
      baseUrl: TEST_API_URL,
      secret: state.t.services.config.signingSecret,
      method: 'PUT',
      key: 'nobody/nothing/1.0.0/node.zip',
      expiresAt: new Date('2026-06-01T12:10:00Z'),
    });
    await expectError(await upload(url, zip), 404, 'not_found', 'No upload is expected for this key.');
  });

  it.each([['text/plain'], ['application/json'], [null]])('refuses Content-Type %s with 415', async (type) => {
    const published = await publish();
    await expectError(
      await upload(published.signedUrl, zip, type),
      415,
      'unsupported_media_type',
      /^Send the archive with Content-Type: application\/zip/,
    );
  });

  it.each([['application/octet-stream'], ['application/x-zip-compressed'], ['Application/Zip; charset=binary']])(
    'also takes Content-Type %s',
    async (type) => {
      const published = await publish();
      expect((await upload(published.signedUrl, zip, type)).status).toBe(200);
    },
  );

  it.each([
    [
      'a path with ..',
      buildZip({ '__init__.py': '# ok', '../evil.py': 'x' }),
      'Archive entry "../evil.py" has a ".." path segment.',
    ],
    ['an absolute path', buildZip({ '/abs.py': 'x' }), 'Archive entry "/abs.py" has an absolute path.'],
    ['a drive letter', buildZip({ 'C:/x.py': 'x' }), 'Archive entry "C:/x.py" starts with a drive letter.'],
    ['a backslash', buildZip({ 'a\\b.py': 'x' }), /^Archive entry "a\\b\.py" uses a backslash/],
    ['a symlink', zipWithSymlink('/etc/passwd', 'link.py'), 'Archive entry "link.py" is a symbolic link.'],
    ['a special file', zipWithSpecialFile('fifo'), 'Archive entry "fifo" is not a regular file.'],
    ['an encrypted entry', withEncryptedFlag(buildZip({ 'x.py': 'x' }), 'x.py'), 'Archive entry "x.py" is encrypted.'],
    [
      'a zip-bomb declaration',
      withDeclaredSize(buildZip({ 'x.bin': 'x' }), 'x.bin', 0xfffffff0),
      /^The archive declares more than \d+ bytes once extracted \(at entry "x\.bin"\)\.$/,
    ],
    ['bytes that are not a zip', new TextEncoder().encode('hello'), /^The upload is not a readable zip archive/],
    ['an empty body', new Uint8Array(0), /^The upload is not a readable zip archive/],
  ])('refuses %s with 400, stores nothing, and a good zip can follow', async (_label, bad, message) => {
    const published = await publish();
    await expectError(
      await upload(published.signedUrl, bad as Uint8Array<ArrayBuffer>),
      400,
      'invalid_archive',
      message,
    );
    expect(await state.t.services.storage.get(published.key)).toBeNull();
    expect(await archiveRow(published.key)).toMatchObject({ size: null, sha256: null, uploadedAt: null });
    const version = await versionRow(published.versionId);
    expect(version.status).toBe('NodeVersionStatusPending');
    expect(version.statusReason).toMatch(/^Archive rejected: /);
    expect((await upload(published.signedUrl, zip)).status).toBe(200);
    expect((await versionRow(published.versionId)).statusReason).toBe('');
  });

  it('refuses an upload for a version deleted before its zip arrived (409)', async () => {
    const published = await publish();
    await state.t.services.db
      .update(nodeVersions)
      .set({ status: 'NodeVersionStatusDeleted' })
      .where(eq(nodeVersions.id, published.versionId));
    await expectError(
      await upload(published.signedUrl, zip),
      409,
      'version_closed',
      `Version 1.0.0 of node ${published.nodeId} is no longer pending (NodeVersionStatusDeleted); its archive cannot be uploaded.`,
    );
  });
});

describe('PUT /storage/objects (size cap)', () => {
  const { state, publish, upload } = context({ maxArchiveBytes: 4096 });
  const big = new Uint8Array(4097);

  it('refuses a declared Content-Length over the cap with 413, before reading the body', async () => {
    const published = await publish();
    // The body itself is small: only the declaration can trigger the refusal.
    const response = await state.t.request(published.signedUrl, {
      method: 'PUT',
      body: zip,
      headers: { 'content-type': 'application/zip', 'content-length': '4097' },
    });
    await expectError(response, 413, 'payload_too_large', 'The archive is larger than the limit of 4096 bytes.');
  });

  it('refuses a body over the cap with 413 and stores nothing', async () => {
    const published = await publish();
    await expectError(
      await upload(published.signedUrl, big),
      413,
      'payload_too_large',
      'The archive is larger than the limit of 4096 bytes.',
    );
    expect(await state.t.services.storage.get(published.key)).toBeNull();
  });

  it('cuts off a streamed body without Content-Length at the cap with 413', async () => {
    const published = await publish();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: the server must stop reading, not buffer it all.
        pulled += 1;
        if (pulled > 10_000) throw new Error('the server kept reading past the cap');
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await state.t.app.request(published.signedUrl, {
      method: 'PUT',
      body: stream,
      headers: { 'content-type': 'application/zip' },
      duplex: 'half',
    } as RequestInit);
    await expectError(response, 413, 'payload_too_large', 'The archive is larger than the limit of 4096 bytes.');
    expect(pulled).toBeLessThan(10);
  });

  it('accepts a zip at the cap', async () => {
    const published = await publish();
    expect(zip.length).toBeLessThanOrEqual(4096);
    expect((await upload(published.signedUrl, zip)).status).toBe(200);
  });
});

describe('PUT /storage/objects then the moderation pipeline', () => {
  const { state, publish, upload, versionRow } = context();

  it('answers Pending; the scan job then activates a clean version and makes it the node’s latest', async () => {
    const published = await publish('2.0.0');
    const response = await upload(published.signedUrl, zip);
    expect(await response.json()).toMatchObject({ status: 'NodeVersionStatusPending' });
    expect(await state.t.runJobs()).toBe(1);
    expect(await versionRow(published.versionId)).toMatchObject({
      status: 'NodeVersionStatusActive',
      statusReason: PASSED_REASON,
    });
    const [node] = await state.t.services.db.select().from(nodes).where(eq(nodes.id, published.nodeId));
    expect(node!.latestVersionId).toBe(published.versionId);
  });
});
