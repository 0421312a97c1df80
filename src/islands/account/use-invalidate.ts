import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Marks the cached GETs of these paths stale (whatever their query) so they refetch. */
export function useInvalidateQueries() {
  const client = useQueryClient();
  return useCallback(
    (paths: string[]) => Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: [path] }))),
    [client],
  );
}
