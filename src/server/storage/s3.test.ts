import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createS3Storage, presignS3Url, type S3StorageOptions } from './s3.ts';

// No S3 server runs here: presigned URLs are checked against AWS's published example and an
// independent SigV4 computation, and requests against a recording fetch.

const now = new Date('2026-06-01T12:00:00Z');
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

function storage(overrides: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    endpoint: 'http://minio.test:9000/',
    region: 'eu-west-3',
    bucket: 'nodeyard-archives',
    ...credentials,
    clock: { now: () => now },
    ...overrides,
  });
}

/** SigV4 query signature computed from scratch (no aws4fetch), for the URL as given. */
function expectedSignature(url: URL, method: string, headers: Record<string, string>, region: string) {
  const query = [...url.searchParams]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const allHeaders: Record<string, string> = { ...headers, host: url.host };
  const names = Object.keys(allHeaders).sort();
  const canonical = [
    method,
    url.pathname,
    query,
    names.map((n) => `${n}:${allHeaders[n]}`).join('\n') + '\n',
    names.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const datetime = url.searchParams.get('X-Amz-Date')!;
  const scope = `${datetime.slice(0, 8)}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', datetime, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${credentials.secretAccessKey}`).update(datetime.slice(0, 8)).digest();
  for (const part of [region, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('presignS3Url', () => {
  it('matches the AWS documentation example for a presigned GET', async () => {
    const url = await presignS3Url({
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      method: 'GET',
      expiresInSeconds: 86400,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('createS3Storage', () => {
  it('presigns a path-style PUT bound to the key, the content type and 15 minutes', async () => {
    const signed = await storage().createUploadUrl('acme/my-pack/1.0.0/node.zip', {
      expiresInSeconds: 900,
      contentType: 'application/zip',
    });
    const url = new URL(signed);
    expect(`${url.origin}${url.pathname}`).toBe('http://minio.test:9000/nodeyard-archives/acme/my-pack/1.0.0/node.zip');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIDEXAMPLE/20260601/eu-west-3/s3/aws4_request',
      'X-Amz-Date': '20260601T120000Z',
      'X-Amz-Expires': '900',
      'X-Amz-SignedHeaders': 'content-type;host',
      'X-Amz-Signature': expectedSignature(url, 'PUT', { 'content-type': 'application/zip' }, 'eu-west-3'),
    });
  });

  it('redirects downloads to S3_PUBLIC_URL + key when configured', async () => {
    const s3 = storage({ publicUrl: 'https://cdn.example.test/archives/' });
    expect(await s3.downloadRedirectUrl('acme/my-pack/1.0.0/node.zip')).toBe(
      'https://cdn.example.test/archives/acme/my-pack/1.0.0/node.zip',
    );
  });

  it('otherwise redirects downloads to a presigned GET valid 15 minutes', async () => {
    const url = new URL((await storage().downloadRedirectUrl('acme/my-pack/1.0.0/node.zip'))!);
    expect(url.pathname).toBe('/nodeyard-archives/acme/my-pack/1.0.0/node.zip');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(url, 'GET', {}, 'eu-west-3'));
  });

  describe('requests', () => {
    function recorder(respond: (request: Request) => Response) {
      const seen: Request[] = [];
      const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
        const request = new Request(input, init);
        seen.push(request.clone());
        return respond(request);
      }) as typeof fetch;
      return { seen, s3: storage({ fetch: fetchStub }) };
    }

    it('PUTs with a signed Authorization and the payload hash', async () => {
      const { seen, s3 } = recorder(() => new Response(null, { status: 200 }));
      const data = new TextEncoder().encode('zip bytes');
      await s3.put('acme/p/1.0.0/node.zip', data, 'application/zip');
      const [request] = seen;
      expect(request!.method).toBe('PUT');
      expect(request!.url).toBe('http://minio.test:9000/nodeyard-archives/acme/p/1.0.0/node.zip');
      expect(request!.headers.get('x-amz-content-sha256')).toBe(createHash('sha256').update(data).digest('hex'));
      expect(request!.headers.get('x-amz-date')).toBe('20260601T120000Z');
      expect(request!.headers.get('authorization')).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260601\/eu-west-3\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect(new Uint8Array(await request!.arrayBuffer())).toEqual(data);
    });

    it('GETs the bytes, and null for a missing object', async () => {
      const { s3 } = recorder((request) =>
        request.url.endsWith('/missing.zip') ? new Response('NoSuchKey', { status: 404 }) : new Response('PK-bytes'),
      );
      expect(new TextDecoder().decode((await s3.get('a/present.zip'))!)).toBe('PK-bytes');
      expect(await s3.get('a/missing.zip')).toBeNull();
    });

    it('DELETEs, tolerating an already missing object', async () => {
      const { seen, s3 } = recorder(() => new Response(null, { status: 404 }));
      await s3.delete('a/b.zip');
      expect(seen[0]!.method).toBe('DELETE');
    });

    it('throws on store errors (never returns as if it worked)', async () => {
      const { s3 } = recorder(() => new Response('SlowDown', { status: 503 }));
      await expect(s3.put('a/b.zip', new Uint8Array(1), 'application/zip')).rejects.toThrow(
        'S3 PUT a/b.zip failed with HTTP 503',
      );
      await expect(s3.get('a/b.zip')).rejects.toThrow('S3 GET a/b.zip failed with HTTP 503');
      await expect(s3.delete('a/b.zip')).rejects.toThrow('S3 DELETE a/b.zip failed with HTTP 503');
    });
  });
});
