import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, TEST_S3, type TestS3Server } from '#test/s3-server.ts';
import { createS3Storage } from './s3.ts';

// The S3 adapter against a real S3-compatible server that verifies SigV4, checked with an
// independent client (the AWS SDK).

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const clock = { now: () => new Date() };
const store = (overrides: { secretAccessKey?: string; clock?: { now(): Date } } = {}) =>
  createS3Storage({
    endpoint: s3.endpoint,
    ...TEST_S3,
    clock,
    ...overrides,
  });
const zipBytes = (text: string) => new Uint8Array([80, 75, 3, 4, ...new TextEncoder().encode(text)]);

async function sdkGet(key: string): Promise<Uint8Array> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: TEST_S3.bucket, Key: key }));
  return object.Body!.transformToByteArray();
}

describe('S3 adapter on a real S3-compatible server', () => {
  it('puts, heads, gets and deletes objects where the AWS SDK sees them', async () => {
    const key = 'acme/pack/1.0.0/node.zip';
    const bytes = zipBytes('put through the adapter');
    await store().put(key, bytes, 'application/zip');
    expect(await sdkGet(key)).toEqual(bytes);
    expect(await store().head(key)).toEqual({ size: bytes.length });
    expect(await store().get(key)).toEqual(bytes);
    await store().delete(key);
    expect(await store().head(key)).toBeNull();
    expect(await store().get(key)).toBeNull();
    await store().delete(key); // already gone: no error
  });

  it('accepts an upload to the presigned PUT and serves it through the presigned GET', async () => {
    const key = 'acme/pack/1.0.1/node.zip';
    const bytes = zipBytes('uploaded by a client');
    const url = await store().createUploadUrl(key, { expiresInSeconds: 900, contentType: 'application/zip' });
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: bytes });
    expect(put.status, await put.text()).toBe(200);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: TEST_S3.bucket, Key: key }));
    expect(head.ContentLength).toBe(bytes.length);
    expect(await sdkGet(key)).toEqual(bytes);
    const download = await fetch((await store().downloadRedirectUrl(key))!);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it('presigns for the name clients use while the server talks to the store under another', async () => {
    const key = 'acme/pack/2.0.0/node.zip';
    const bytes = zipBytes('through the client endpoint');
    const split = createS3Storage({ endpoint: s3.endpoint, clientEndpoint: s3.clientEndpoint, ...TEST_S3, clock });
    const url = await split.createUploadUrl(key, { expiresInSeconds: 900, contentType: 'application/zip' });
    expect(new URL(url).host).toBe(new URL(s3.clientEndpoint).host);
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: bytes });
    expect(put.status, await put.text()).toBe(200);
    expect(await split.head(key)).toEqual({ size: bytes.length });
    const download = (await split.downloadRedirectUrl(key))!;
    expect(new URL(download).host).toBe(new URL(s3.clientEndpoint).host);
    expect(new Uint8Array(await (await fetch(download)).arrayBuffer())).toEqual(bytes);
    // The same URL rewritten to the server's own name no longer matches its signature.
    const moved = new URL(url);
    moved.host = new URL(s3.endpoint).host;
    const refused = await fetch(moved, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: bytes });
    expect(refused.status).toBe(403);
  });

  it('refuses requests signed with a wrong secret, a changed content type or an expired URL', async () => {
    const key = 'acme/pack/1.0.2/node.zip';
    const bytes = zipBytes('never stored');
    // Header-signed requests of the adapter.
    const forged = store({ secretAccessKey: 'not-the-secret' });
    await expect(forged.put(key, bytes, 'application/zip')).rejects.toThrow(`S3 PUT ${key} failed with HTTP 403`);
    await expect(forged.get(key)).rejects.toThrow(`S3 GET ${key} failed with HTTP 403`);
    // A presigned URL made with the wrong secret.
    const forgedUrl = await forged.createUploadUrl(key, { expiresInSeconds: 900, contentType: 'application/zip' });
    const forgedPut = await fetch(forgedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: bytes,
    });
    expect(forgedPut.status).toBe(403);
    expect(await forgedPut.text()).toContain('SignatureDoesNotMatch');
    // A genuine URL used with another content type than the signed one.
    const url = await store().createUploadUrl(key, { expiresInSeconds: 900, contentType: 'application/zip' });
    const otherType = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: bytes });
    expect(otherType.status).toBe(403);
    // A genuine URL signed an hour ago for 15 minutes.
    const past = { now: () => new Date(Date.now() - 60 * 60_000) };
    const expiredUrl = await store({ clock: past }).createUploadUrl(key, {
      expiresInSeconds: 900,
      contentType: 'application/zip',
    });
    const expired = await fetch(expiredUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: bytes,
    });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    // The independent client with a wrong secret is refused too, and nothing was stored.
    const sdkForged = new S3Client({
      endpoint: s3.endpoint,
      region: TEST_S3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: TEST_S3.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    try {
      await expect(
        sdkForged.send(new PutObjectCommand({ Bucket: TEST_S3.bucket, Key: key, Body: bytes })),
      ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    } finally {
      sdkForged.destroy();
    }
    expect(await store().head(key)).toBeNull();
  });
});
