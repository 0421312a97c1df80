import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, NO_CACHE_HEADERS, setUnauthorizedListener } from './client.ts';
import { setLiveTokenProvider } from './token.ts';

interface Call {
  url: string;
  init: RequestInit;
}

function mockFetch(response: () => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response();
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => setLiveTokenProvider(async () => 'live-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  setLiveTokenProvider(null);
  setUnauthorizedListener(null);
});

describe('apiRequest', () => {
  it('calls /api with the bearer token and repeated array keys, and returns only the body', async () => {
    const calls = mockFetch(() => json(200, { nodes: [1] }));
    const body = await apiRequest<{ nodes: number[] }>('GET', '/nodes', { query: { tags: ['a', 'b'], page: 2 } });
    expect(body).toEqual({ nodes: [1] });
    expect(calls[0]?.url).toBe('/api/nodes?tags=a&tags=b&page=2');
    expect((calls[0]?.init.headers as Record<string, string>)['Authorization']).toBe('Bearer live-token');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends a JSON body and extra headers', async () => {
    const calls = mockFetch(() => json(201, { id: 'p' }));
    await apiRequest('POST', '/publishers', { body: { id: 'p' }, headers: { ...NO_CACHE_HEADERS } });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"id":"p"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Cache-Control']).toBe('no-cache, no-store, must-revalidate');
    expect(headers['Pragma']).toBe('no-cache');
    expect(headers['Expires']).toBe('0');
  });

  it('returns undefined for 204 and sends no Authorization without a token', async () => {
    setLiveTokenProvider(async () => null);
    const calls = mockFetch(() => new Response(null, { status: 204 }));
    expect(await apiRequest('DELETE', '/publishers/p')).toBeUndefined();
    expect((calls[0]?.init.headers as Record<string, string>)['Authorization']).toBeUndefined();
  });

  it("throws ApiRequestError with the server's message, code and details", async () => {
    mockFetch(() =>
      json(400, { error: 'validation_error', message: 'Invalid request: id', details: [{ path: 'id' }] }),
    );
    const error = await apiRequest('POST', '/publishers', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', message: 'Invalid request: id' });
    expect((error as ApiRequestError).details).toEqual([{ path: 'id' }]);
  });

  it('uses a generic message when the body has none, and status 0 when the network fails', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 502 }));
    await expect(apiRequest('GET', '/nodes')).rejects.toMatchObject({
      status: 502,
      message: 'The request failed (HTTP 502).',
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('GET', '/nodes')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('tells the auth store about a 401 for a token it sent, with its code', async () => {
    const seen: (string | undefined)[] = [];
    setUnauthorizedListener((code) => seen.push(code));
    mockFetch(() => json(401, { error: 'unauthorized', message: 'Sign in first' }));
    await expect(apiRequest('GET', '/users')).rejects.toMatchObject({ status: 401 });
    mockFetch(() => json(401, { error: 'session_revoked', message: 'Signed out everywhere' }));
    await expect(apiRequest('GET', '/users')).rejects.toMatchObject({ status: 401, code: 'session_revoked' });
    expect(seen).toEqual(['unauthorized', 'session_revoked']);
  });
});
