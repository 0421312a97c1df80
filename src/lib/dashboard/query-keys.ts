// The reads a dashboard write changes, named once: every write that touches a node or one of its
// versions marks these stale (useApiMutation's `invalidates`).
import { apiKey, type ApiQueryKey } from '../query/keys.ts';

/** The signed-in user's publishers (the dashboard's first read). */
export const myPublishersKey: ApiQueryKey = apiKey('/users/publishers/');

/** A node changed (edited, deleted, or one of its versions): its page, its publisher's list, its versions. */
export function nodeChangedKeys(publisherId: string, nodeId: string): ApiQueryKey[] {
  return [
    apiKey('/nodes/{nodeId}/versions', { path: { nodeId } }),
    apiKey('/publishers/{publisherId}/nodes/v2', { path: { publisherId } }),
    apiKey('/nodes/{nodeId}', { path: { nodeId } }),
  ];
}
