import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
