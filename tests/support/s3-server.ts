import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

// A real S3-compatible server for the tests, in this process: @20minutes/s3rver (a maintained fork
// of s3rver for Node 24). Unlike s3rver 3.7.1, whose SigV4 check is a stub that accepts any
// signature from a known key id, it verifies SigV4 header and query signatures and the expiry of
// presigned URLs, so a request signed with the wrong secret is refused as by AWS or MinIO.

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer: import('node:http').Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
interface AccountModule {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as S3rverClass;
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account.js') as AccountModule;

/** The same names as compose.yaml's defaults (bucket, region); the key pair is the tests' own. */
export const TEST_S3 = {
  bucket: 'nodeyard-archives',
  region: 'us-east-1',
  accessKeyId: 'nodeyard-test',
  secretAccessKey: 'nodeyard-test-secret-key',
} as const;

export interface TestS3Server {
  /** Where the server process reaches the store. */
  endpoint: string;
  /**
   * Where clients reach it: another name for the same server, as in compose.yaml (minio:9000
   * inside, localhost:9000 outside), so presigned URLs are proven to carry the client's host.
   */
  clientEndpoint: string;
  /** STORAGE_DRIVER=s3 settings for a server process pointed at this store. */
  env: Record<string, string>;
  /** An independent client (the AWS SDK) to check what is really in the bucket. */
  client: S3Client;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  DUMMY_ACCOUNT.createKeyPair(TEST_S3.accessKeyId, TEST_S3.secretAccessKey);
  const directory = await mkdtemp(join(tmpdir(), 'nodeyard-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: TEST_S3.bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: TEST_S3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: TEST_S3.accessKeyId, secretAccessKey: TEST_S3.secretAccessKey },
  });
  const clientEndpoint = `http://localhost:${port}`;
  return {
    endpoint,
    clientEndpoint,
    client,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_CLIENT_ENDPOINT: clientEndpoint,
      S3_REGION: TEST_S3.region,
      S3_BUCKET: TEST_S3.bucket,
      S3_ACCESS_KEY_ID: TEST_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: TEST_S3.secretAccessKey,
    },
    async close() {
      client.destroy();
      // Keep-alive sockets of the clients would hold the server (and the test process) open.
      const closed = server.close();
      server.httpServer.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
