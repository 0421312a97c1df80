import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Marks cached GETs stale by path (any query params) so they refetch. The data layer already
 * invalidates the written path and its parent; islands also read lists kept under other paths
 * (/users/publishers/, …/nodes/v2, /nodes/{id}/versions, /customers/events), refreshed with this.
 */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback(
    (...paths: string[]) => Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: [path] }))),
    [client],
  );
}
