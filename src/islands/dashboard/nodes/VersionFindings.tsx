import type { NodeVersion } from '../../../lib/dashboard/api-types.ts';

/**
 * HOOK for the moderation pipeline: the findings behind a Flagged version (which file, which rule)
 * will come from the moderation API once it exists. Until then the row shows the status reason,
 * and this renders an empty, hidden placeholder marked with the node and version it is for.
 * Render the findings list here; VersionRow already calls it for every Flagged version.
 */
export function VersionFindings({ nodeId, version }: { nodeId: string; version: NodeVersion }) {
  return <div hidden data-version-findings={`${nodeId}@${version.version}`} />;
}
