import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubVerifier, interpretRepoResponse } from './github-verifier.ts';

const headers = (init: Record<string, string> = {}) => new Headers(init);

describe('interpretRepoResponse', () => {
  it('accepts push or admin permission on the repository', () => {
    expect(interpretRepoResponse(200, headers(), { permissions: { admin: true, push: true } })).toEqual({ ok: true });
    expect(interpretRepoResponse(200, headers(), { permissions: { admin: false, push: true } })).toEqual({ ok: true });
    expect(interpretRepoResponse(200, headers(), { permissions: { admin: false, push: false, pull: true } })).toEqual({
      ok: false,
      reason: 'insufficient_permission',
    });
    expect(interpretRepoResponse(200, headers(), {})).toEqual({ ok: false, reason: 'insufficient_permission' });
    expect(interpretRepoResponse(200, headers(), null)).toEqual({ ok: false, reason: 'insufficient_permission' });
  });

  it('tells a bad token, a hidden repository, throttling and outages apart', () => {
    expect(interpretRepoResponse(401, headers(), null)).toEqual({ ok: false, reason: 'invalid_token' });
    expect(interpretRepoResponse(404, headers(), null)).toEqual({ ok: false, reason: 'not_found' });
    expect(interpretRepoResponse(403, headers(), null)).toEqual({ ok: false, reason: 'insufficient_permission' });
    expect(interpretRepoResponse(403, headers({ 'x-ratelimit-remaining': '0' }), null)).toEqual({
      ok: false,
      reason: 'rate_limited',
    });
    expect(interpretRepoResponse(403, headers({ 'retry-after': '60' }), null)).toEqual({
      ok: false,
      reason: 'rate_limited',
    });
    expect(interpretRepoResponse(429, headers(), null)).toEqual({ ok: false, reason: 'rate_limited' });
    expect(interpretRepoResponse(502, headers(), null)).toEqual({ ok: false, reason: 'unavailable' });
  });
});

describe('createGitHubVerifier (network failures)', () => {
  // A TCP server that accepts connections and never answers: a GitHub that hangs.
  let silent: Server;
  let silentPort = 0;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const ask = (apiBase: string) =>
    createGitHubVerifier({ apiBase, timeoutMs: 300 }).checkRepoAccess({ owner: 'a', repo: 'b', token: 't' });

  it('reports an unreachable GitHub as unavailable', async () => {
    // Port 9 (discard) is closed here: the connection is refused.
    expect(await ask('http://127.0.0.1:9')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    expect(await ask(`http://127.0.0.1:${silentPort}`)).toEqual({ ok: false, reason: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
