import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../api/client.ts';
import { apiKey, invalidateKeys } from './hooks.ts';

describe('invalidateKeys', () => {
  function seeded() {
    const client = new QueryClient();
    for (const key of [
      apiKey('/publishers/{publisherId}/tokens', { path: { publisherId: 'p' } }),
      ['/publishers/{publisherId}/tokens', { path: { publisherId: 'p' }, query: { page: 2 } }],
      apiKey('/publishers/{publisherId}/tokens', { path: { publisherId: 'q' } }),
      apiKey('/publishers/{publisherId}', { path: { publisherId: 'p' } }),
      apiKey('/users/publishers/'),
    ]) {
      client.setQueryData(key, { cached: true });
    }
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => JSON.stringify(q.queryKey))
        .sort();
    return { client, invalidated };
  }

  it('marks stale the reads a key names, whatever else their parameters hold, and nothing else', async () => {
    const { client, invalidated } = seeded();
    await invalidateKeys(client, [apiKey('/publishers/{publisherId}/tokens', { path: { publisherId: 'p' } })]);
    expect(invalidated()).toEqual([
      '["/publishers/{publisherId}/tokens",{"path":{"publisherId":"p"},"query":{"page":2}}]',
      '["/publishers/{publisherId}/tokens",{"path":{"publisherId":"p"}}]',
    ]);
  });

  it('a key without parameters covers every read of its path; several keys add up', async () => {
    const { client, invalidated } = seeded();
    await invalidateKeys(client, [apiKey('/publishers/{publisherId}/tokens'), apiKey('/users/publishers/')]);
    expect(invalidated()).toHaveLength(4);
    expect(invalidated()).not.toContain('["/publishers/{publisherId}",{"path":{"publisherId":"p"}}]');
  });
});

describe('paths, parameters and answers come from the OpenAPI document', () => {
  // Never called: typecheck (`npm run typecheck`) is the test. Each @ts-expect-error fails the build if the
  // line below it stops being an error, as it was when islands paired a string path with a hand-written type.
  async function typeOnly() {
    // @ts-expect-error a path the API does not have
    apiKey('/publishers/{publisherId}/tokenz');
    // @ts-expect-error a parameter the path does not take
    apiKey('/publishers/{publisherId}/tokens', { path: { publisher: 'p' } });
    // @ts-expect-error the path parameter is required
    await apiCall('get', '/publishers/{publisherId}/tokens', {});
    const tokens = await apiCall('get', '/publishers/{publisherId}/tokens', { params: { path: { publisherId: 'p' } } });
    // @ts-expect-error a field the answer does not have
    void tokens[0]?.secret;
    await apiCall('post', '/publishers/{publisherId}/tokens', {
      params: { path: { publisherId: 'p' } },
      // @ts-expect-error a body field the request does not take
      body: { name: 'ci', expires_in: 30 },
    });
  }

  it('is checked by typecheck, not at run time', () => {
    expect(typeof typeOnly).toBe('function');
  });
});
