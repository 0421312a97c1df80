import type { NodeStatus, NodeVersion } from './api-types.ts';
import type { StatusTone } from './version-status.ts';

export type NodeStatusKey = 'active' | 'flagged' | 'pending' | 'banned' | 'versionBanned' | 'none';

export interface NodeStatusView {
  /** Under `findings.node.*` (`versionBanned`: `modPolish.node.versionBanned`). */
  key: NodeStatusKey;
  tone: StatusTone;
  /** The version a `versionBanned` status names. */
  version?: string;
  /** A newer version than the installable one that is not installable, said next to the status. */
  newer: { key: 'newerFlagged' | 'newerPending' | 'newerBanned'; version: string } | null;
}

const HELD = {
  NodeVersionStatusFlagged: { key: 'flagged', tone: 'warn', newer: 'newerFlagged' },
  NodeVersionStatusPending: { key: 'pending', tone: 'wait', newer: 'newerPending' },
  NodeVersionStatusBanned: { key: 'banned', tone: 'bad', newer: 'newerBanned' },
} as const;

const newestFirst = (a: NodeVersion, b: NodeVersion) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '');

/**
 * What a publisher should read first about a node: Banned when the node is, Active when a version
 * can be installed (naming a newer version that is held), else the state of the newest version. A node
 * whose newest version is banned is not itself banned: that says which version is.
 */
export function nodeStatusView(nodeStatus: NodeStatus | undefined, versions: NodeVersion[]): NodeStatusView {
  if (nodeStatus === 'NodeStatusBanned') return { key: 'banned', tone: 'bad', newer: null };
  const live = versions.filter((v) => v.status && v.status !== 'NodeVersionStatusDeleted').sort(newestFirst);
  const newest = live[0];
  if (!newest) return { key: 'none', tone: 'wait', newer: null };
  const active = live.find((v) => v.status === 'NodeVersionStatusActive');
  if (active) {
    const held = newest.status && newest !== active ? HELD[newest.status as keyof typeof HELD] : undefined;
    return { key: 'active', tone: 'ok', newer: held ? { key: held.newer, version: newest.version } : null };
  }
  if (newest.status === 'NodeVersionStatusBanned') {
    return { key: 'versionBanned', tone: 'bad', newer: null, version: newest.version };
  }
  const held = HELD[newest.status as keyof typeof HELD];
  return held ? { key: held.key, tone: held.tone, newer: null } : { key: 'none', tone: 'wait', newer: null };
}
