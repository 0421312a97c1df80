import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterWrite } from './hooks.ts';
import { parentPath, pathsToInvalidate } from './invalidation.ts';

describe('pathsToInvalidate', () => {
  it('POST invalidates its own path only', () => {
    expect(pathsToInvalidate('POST', '/publishers/p/tokens')).toEqual(['/publishers/p/tokens']);
  });

  it('PUT, PATCH and DELETE invalidate the path and its parent', () => {
    expect(pathsToInvalidate('PUT', '/publishers/p/nodes/n')).toEqual(['/publishers/p/nodes/n', '/publishers/p/nodes']);
    expect(pathsToInvalidate('PATCH', '/publishers/p')).toEqual(['/publishers/p', '/publishers']);
    expect(pathsToInvalidate('DELETE', '/publishers/p/tokens/t?x=1')).toEqual([
      '/publishers/p/tokens/t',
      '/publishers/p/tokens',
    ]);
  });

  it('a top-level path has no parent, and GET invalidates nothing', () => {
    expect(pathsToInvalidate('DELETE', '/publishers')).toEqual(['/publishers']);
    expect(pathsToInvalidate('GET', '/publishers')).toEqual([]);
    expect(parentPath('/users/publishers/')).toBe('/users');
    expect(parentPath('/')).toBeNull();
  });
});

describe('invalidateAfterWrite', () => {
  function seeded() {
    const client = new QueryClient();
    for (const key of [
      ['/publishers/p/tokens', {}],
      ['/publishers/p/tokens', { page: 2 }],
      ['/publishers/p', {}],
      ['/publishers/p/tokens/t', {}],
      ['/nodes', {}],
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

  it('after DELETE marks the path and parent (any query params) stale, nothing else', async () => {
    const { client, invalidated } = seeded();
    await invalidateAfterWrite(client, 'DELETE', '/publishers/p/tokens/t');
    expect(invalidated()).toEqual([
      '["/publishers/p/tokens",{"page":2}]',
      '["/publishers/p/tokens",{}]',
      '["/publishers/p/tokens/t",{}]',
    ]);
  });

  it('after POST marks only that path stale', async () => {
    const { client, invalidated } = seeded();
    await invalidateAfterWrite(client, 'POST', '/publishers/p/tokens');
    expect(invalidated()).toEqual(['["/publishers/p/tokens",{"page":2}]', '["/publishers/p/tokens",{}]']);
  });
});
