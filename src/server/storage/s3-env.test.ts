import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { s3StorageFromEnv } from './s3-env.ts';

const clock = { now: () => new Date('2026-06-01T12:00:00Z') };

describe('s3StorageFromEnv', () => {
  it('names every missing S3 setting', () => {
    const env = parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' });
    expect(() => s3StorageFromEnv(env, clock)).toThrow(
      'STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    );
  });

  it('builds a store that signs for the configured endpoint, bucket and region', async () => {
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://s3.example.test',
      S3_REGION: 'auto',
      S3_BUCKET: 'archives',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    const url = new URL(
      await s3StorageFromEnv(env, clock).createUploadUrl('p/n/1.0.0/node.zip', {
        expiresInSeconds: 900,
        contentType: 'application/zip',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://s3.example.test/archives/p/n/1.0.0/node.zip');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('id/20260601/auto/s3/aws4_request');
  });

  it('signs for S3_CLIENT_ENDPOINT when clients reach the store under another name', async () => {
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_CLIENT_ENDPOINT: 'http://localhost:9000',
      S3_BUCKET: 'nodeyard-archives',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    const url = new URL(
      await s3StorageFromEnv(env, clock).createUploadUrl('p/n/1.0.0/node.zip', {
        expiresInSeconds: 900,
        contentType: 'application/zip',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:9000/nodeyard-archives/p/n/1.0.0/node.zip');
  });
});
