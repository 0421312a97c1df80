import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiKey } from '../query/keys.ts';
import type { NodeVersion } from './api-types.ts';

/**
 * Puts the version a write answered with (deprecate, yank, unyank) into the cached version lists of
 * its node at once, so its row shows the new state together with the write's toast. The refetch the
 * write started only confirms it. Before, the row kept offering the action it had just taken until
 * that refetch arrived, and a click in between undid the change.
 */
export function useShowVersionAnswer(nodeId: string): (answer: NodeVersion) => void {
  const client = useQueryClient();
  return useCallback(
    (answer) =>
      client.setQueriesData<NodeVersion[]>(
        { queryKey: apiKey('/nodes/{nodeId}/versions', { path: { nodeId } }) },
        (list) => list?.map((entry) => (entry.id === answer.id ? { ...entry, ...answer } : entry)),
      ),
    [client, nodeId],
  );
}
