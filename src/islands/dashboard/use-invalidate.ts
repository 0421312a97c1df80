import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Marks cached GETs stale by path (any query params). The data layer already invalidates the
 * written path and its parent; the dashboard also reads lists kept under other paths
 * (/users/publishers/, …/nodes/v2, /nodes/{id}/versions), which it refreshes with this.
 */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback(
    (...paths: string[]) => Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: [path] }))),
    [client],
  );
}
