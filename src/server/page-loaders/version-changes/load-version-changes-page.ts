import type { AppDeps } from '../../app-deps.ts';
import { ApiError } from '../../errors.ts';
import { findNode } from '../../services/nodes/find-node.ts';
import { versionChanges, type VersionChanges } from '../../services/version-changes/version-changes.ts';

// The node page's "What changed since {previous}" (src/pages/[lang]/nodes/[nodeId]/changes.astro):
// the public comparison of two Active versions, rendered on the server. The node page's <details>
// fetches this page when opened and shows its fragment, so the node page itself carries no diff.

export interface VersionChangesPageData {
  nodeId: string;
  nodeName: string;
  publisherId: string;
  changes: VersionChanges;
}

export type VersionChangesPageResult = { kind: 'found'; data: VersionChangesPageData } | { kind: 'not-found' };

export async function loadVersionChangesPage(
  services: AppDeps,
  input: { nodeId: string; version: string | null; from: string | null },
): Promise<VersionChangesPageResult> {
  const { nodeId, version, from } = input;
  if (!version || !from || nodeId.length === 0 || nodeId.length > 200) return { kind: 'not-found' };
  const node = await findNode(services.db, nodeId);
  // Only the node's own spelling: the node page links here with it, so a cached copy has one address.
  if (!node || node.id !== nodeId || node.status !== 'NodeStatusActive') return { kind: 'not-found' };
  try {
    const changes = await versionChanges(services, node, { version, from, audience: 'public' });
    return {
      kind: 'found',
      data: { nodeId: node.id, nodeName: node.name || node.id, publisherId: node.publisherId, changes },
    };
  } catch (error) {
    // Unknown or non-Active versions (404) and a version compared with itself (400) are not pages.
    if (error instanceof ApiError && error.status < 500) return { kind: 'not-found' };
    throw error;
  }
}
