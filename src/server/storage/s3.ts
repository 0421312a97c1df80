import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import type { Clock } from '../clock.ts';
import type { ArchiveStorage } from './port.ts';

// Archives in any S3-compatible store (AWS S3, MinIO, R2, Backblaze…), path-style URLs
// (`{endpoint}/{bucket}/{key}`) so custom endpoints work without bucket DNS names.
//
// With S3 the client PUTs the zip straight to the bucket through the presigned URL, so the API
// never sees the upload (`directUploads`). Acceptance therefore runs from the
// `archive.await_upload` job queued at publish (services/archives/await-upload.ts): it polls the
// object with `head` until the upload URL expires, then `acceptUploadedArchive` reads it back with
// `get`, validates it (deleting it when it is not an acceptable archive) and queues the scan.

export interface S3StorageOptions {
  endpoint: string;
  /** The endpoint as clients reach it, for presigned URLs (default `endpoint`). */
  clientEndpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the bucket's objects (e.g. a CDN); presigned GETs are used when unset. */
  publicUrl?: string | undefined;
  clock: Clock;
  /** Per-request timeout for put/get/delete. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** How long presigned download URLs stay valid. */
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A SigV4 query-signed URL (the form S3 calls "presigned"). Headers given here must be sent as-is. */
export async function presignS3Url(options: {
  url: string;
  method: 'GET' | 'PUT';
  expiresInSeconds: number;
  headers?: Record<string, string>;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  now: Date;
}): Promise<string> {
  const url = new URL(options.url);
  url.searchParams.set('X-Amz-Expires', String(options.expiresInSeconds));
  const signer = new AwsV4Signer({
    url: url.toString(),
    method: options.method,
    headers: options.headers ?? {},
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    datetime: amzDate(options.now),
    signQuery: true,
    // aws4fetch leaves Content-Type out of the signature by default; signing it binds the upload
    // to application/zip.
    allHeaders: true,
  });
  const signed = await signer.sign();
  return signed.url.toString();
}

export function createS3Storage(options: S3StorageOptions): ArchiveStorage {
  const { region, accessKeyId, secretAccessKey, clock } = options;
  const base = `${trimSlash(options.endpoint)}/${encodeURIComponent(options.bucket)}`;
  const objectUrl = (key: string) => `${base}/${encodeKey(key)}`;
  // SigV4 signs the host: a presigned URL must carry the name the client will send.
  const clientBase = `${trimSlash(options.clientEndpoint ?? options.endpoint)}/${encodeURIComponent(options.bucket)}`;
  const clientObjectUrl = (key: string) => `${clientBase}/${encodeKey(key)}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;

  async function send(method: string, key: string, init: { body?: Uint8Array; headers?: Record<string, string> } = {}) {
    const signer = new AwsV4Signer({
      url: objectUrl(key),
      method,
      headers: init.headers ?? {},
      accessKeyId,
      secretAccessKey,
      service: 's3',
      region,
      datetime: amzDate(clock.now()),
    });
    const signed = await signer.sign();
    return doFetch(signed.url.toString(), {
      method,
      headers: signed.headers,
      ...(init.body ? { body: init.body as Uint8Array<ArrayBuffer> } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  const failed = (method: string, key: string, response: Response) =>
    new Error(`S3 ${method} ${key} failed with HTTP ${response.status}`);

  return {
    directUploads: true,
    createUploadUrl(key, { expiresInSeconds, contentType }) {
      return presignS3Url({
        url: clientObjectUrl(key),
        method: 'PUT',
        expiresInSeconds,
        headers: { 'content-type': contentType },
        accessKeyId,
        secretAccessKey,
        region,
        now: clock.now(),
      });
    },
    async downloadRedirectUrl(key) {
      if (options.publicUrl) return `${trimSlash(options.publicUrl)}/${encodeKey(key)}`;
      return presignS3Url({
        url: clientObjectUrl(key),
        method: 'GET',
        expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
        accessKeyId,
        secretAccessKey,
        region,
        now: clock.now(),
      });
    },
    async put(key, data, contentType) {
      // A signed payload hash makes the store reject a body that was altered on the way.
      const sha256 = createHash('sha256').update(data).digest('hex');
      const response = await send('PUT', key, {
        body: data,
        headers: { 'content-type': contentType, 'x-amz-content-sha256': sha256 },
      });
      await response.body?.cancel();
      if (!response.ok) throw failed('PUT', key, response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw failed('GET', key, response);
      }
      return new Uint8Array(await response.arrayBuffer());
    },
    async head(key) {
      const response = await send('HEAD', key);
      await response.body?.cancel();
      if (response.status === 404) return null;
      if (!response.ok) throw failed('HEAD', key, response);
      const size = Number(response.headers.get('content-length'));
      if (!Number.isSafeInteger(size) || size < 0) throw new Error(`S3 HEAD ${key} gave no Content-Length`);
      return { size };
    },
    async delete(key) {
      const response = await send('DELETE', key);
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw failed('DELETE', key, response);
    },
  };
}
