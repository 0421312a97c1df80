import { getRequestListener } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const LIMIT = 64 * 1024;

/** A body that never ends by itself; counts how many bytes anyone pulled from it. */
function endlessBody(chunkBytes = 16 * 1024) {
  const state = { pulled: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp({ config: { maxArchiveBytes: 4 * LIMIT } });
  app = createApp(t.services, { maxBodyBytes: LIMIT });
});
afterAll(() => t.close());

describe('request body limit', () => {
  it('refuses a declared length over the limit with 413 before authentication or reading', async () => {
    const response = await app.request('/publishers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) },
      body: '{}',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'payload_too_large',
      message: `The request body is larger than this endpoint accepts (at most ${LIMIT} bytes).`,
    });
  });

  it('cuts a streamed body off at the limit instead of buffering it', async () => {
    const { stream, state } = endlessBody();
    const response = await app.request('/publishers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe('payload_too_large');
    // Read up to the limit (plus the chunk that crossed it and what the stream queued ahead), no more.
    expect(state.pulled).toBeLessThanOrEqual(LIMIT + 3 * 16 * 1024);
  });

  it('hands a body within the limit to the route unchanged', async () => {
    const body = JSON.stringify({ id: 'x', name: 'y'.repeat(LIMIT / 2) });
    const response = await app.request('/publishers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    // The route's validator parsed the JSON and judged its fields (not "invalid body").
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.error).toBe('validation_error');
    expect(answer.details).toContainEqual(expect.objectContaining({ path: 'name' }));
  });

  it('lets the archive upload use its own, larger cap, and refuses a declared length over it', async () => {
    const upload = (bytes: number, declared = bytes) =>
      app.request('/storage/objects?key=k&expires=1&sig=s', {
        method: 'PUT',
        headers: { 'content-type': 'application/zip', 'content-length': String(declared) },
        body: new Uint8Array(bytes),
      });
    // Over the JSON limit, within the archive cap: the route itself answers (the signature is bad).
    expect((await upload(2 * LIMIT)).status).toBe(403);
    const tooLarge = await upload(16, 5 * LIMIT);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toBe('payload_too_large');
  });

  it('answers 413 over a real socket while the client is still sending', async () => {
    const server = http.createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/publishers',
            headers: { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        // Only the first megabyte of the declared 600 MB is ever sent.
        request.write(Buffer.alloc(1024 * 1024, 0x20));
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'payload_too_large' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
