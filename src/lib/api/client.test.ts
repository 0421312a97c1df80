import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient, NO_CACHE_HEADERS, setUnauthorizedListener } from './client.ts';
import { setLiveTokenProvider } from './token.ts';

// A real HTTP server on 127.0.0.1 answers what the test sets, and records what the client sent.
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let base: string;
let seen: Seen[] = [];
let answer: { status: number; body?: string; type?: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {});
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (status: number, body: unknown) => {
  answer = { status, body: JSON.stringify(body), type: 'application/json' };
};

beforeEach(() => {
  seen = [];
  setLiveTokenProvider(async () => 'live-token');
});
afterEach(() => {
  setLiveTokenProvider(null);
  setUnauthorizedListener(null);
});

describe('the API client', () => {
  it('fills the path template, repeats array keys, sends the bearer token and returns only the body', async () => {
    json(200, { nodes: [1] });
    const client = createApiClient(base);
    const { data } = await client.GET('/publishers/{publisherId}/nodes/v2', {
      params: {
        path: { publisherId: 'p 1' },
        query: { statuses: ['NodeStatusActive', 'NodeStatusBanned'], page: '2' },
      },
    });
    expect(data).toEqual({ nodes: [1] });
    expect(seen[0]?.url).toBe(
      '/api/publishers/p%201/nodes/v2?statuses=NodeStatusActive&statuses=NodeStatusBanned&page=2',
    );
    expect(seen[0]?.headers['authorization']).toBe('Bearer live-token');
    expect(seen[0]?.body).toBe('');
  });

  it('sends a JSON body and extra headers', async () => {
    json(201, { id: 'p' });
    await createApiClient(base).POST('/publishers', {
      body: { id: 'p', name: 'P' } as never,
      headers: { ...NO_CACHE_HEADERS },
    });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe('{"id":"p","name":"P"}');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(request?.headers['pragma']).toBe('no-cache');
    expect(request?.headers['expires']).toBe('0');
  });

  it('answers undefined for 204 and sends no Authorization without a token', async () => {
    setLiveTokenProvider(async () => null);
    answer = { status: 204 };
    const { data } = await createApiClient(base).DELETE('/publishers/{publisherId}', {
      params: { path: { publisherId: 'p' } },
    });
    expect(data).toBeUndefined();
    expect(seen[0]?.headers['authorization']).toBeUndefined();
  });

  it("throws ApiRequestError with the server's message, code and details", async () => {
    json(400, { error: 'validation_error', message: 'Invalid request: id', details: [{ path: 'id' }] });
    const error = await createApiClient(base)
      .POST('/publishers', { body: {} as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', message: 'Invalid request: id' });
    expect((error as ApiRequestError).details).toEqual([{ path: 'id' }]);
  });

  it('uses a generic message when the body has none, and status 0 when the network fails', async () => {
    answer = { status: 502, body: '<html>oops</html>', type: 'text/html' };
    await expect(createApiClient(base).GET('/users')).rejects.toMatchObject({
      status: 502,
      message: 'The request failed (HTTP 502).',
    });
    // Nothing listens on port 9 of 127.0.0.1 (discard): the connection is refused.
    await expect(createApiClient('http://127.0.0.1:9/api').GET('/users')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('keeps an abort an AbortError', async () => {
    json(200, {});
    const controller = new AbortController();
    controller.abort();
    await expect(createApiClient(base).GET('/users', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('tells the auth store about a 401 for a token it sent, with its code', async () => {
    const codes: (string | undefined)[] = [];
    setUnauthorizedListener((code) => codes.push(code));
    json(401, { error: 'unauthorized', message: 'Sign in first' });
    await expect(createApiClient(base).GET('/users')).rejects.toMatchObject({ status: 401 });
    json(401, { error: 'session_revoked', message: 'Signed out everywhere' });
    await expect(createApiClient(base).GET('/users')).rejects.toMatchObject({ status: 401, code: 'session_revoked' });
    setLiveTokenProvider(async () => null);
    await expect(createApiClient(base).GET('/users')).rejects.toMatchObject({ status: 401 });
    expect(codes).toEqual(['unauthorized', 'session_revoked']);
  });
});
