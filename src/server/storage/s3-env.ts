import type { Clock } from '../clock.ts';
import type { Env } from '../env.ts';
import type { ArchiveStorage } from './port.ts';
import { createS3Storage } from './s3.ts';

/** The S3 store from S3_* settings; a missing one stops the boot with a message naming it. */
export function s3StorageFromEnv(env: Env, clock: Clock): ArchiveStorage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  const missing = Object.entries({ S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}.`);
  }
  return createS3Storage({
    endpoint: S3_ENDPOINT,
    clientEndpoint: env.S3_CLIENT_ENDPOINT,
    region: env.S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
    clock,
  });
}
