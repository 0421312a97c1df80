import { sql } from 'drizzle-orm';
import type { NodeRow } from '../../db/rows.ts';
import { nodes, type NodeStatus } from '../../db/schema/index.ts';

// What a write may change on a node (updateNode, update-node.ts), in API naming. Audit rows carry exactly
// these keys (the ones that changed), which is what lets an audit entry be undone by re-applying its `before`.
// Who may change which of them is the caller's policy (node-edit-policy.ts).

export interface NodeState {
  name: string;
  description: string;
  category: string | null;
  author: string | null;
  license: string | null;
  icon: string | null;
  banner_url: string | null;
  repository: string | null;
  tags: string[];
  tags_admin: string[];
  supported_os: string[];
  supported_accelerators: string[];
  supported_comfyui_version: string | null;
  supported_comfyui_frontend_version: string | null;
  status: NodeStatus;
  status_detail: string | null;
  search_ranking: number;
  preempted_comfy_node_names: string[];
  publisher_id: string;
}

export type NodeChanges = Partial<NodeState>;

export function nodeState(row: NodeRow): NodeState {
  return {
    name: row.name,
    description: row.description,
    category: row.category,
    author: row.author,
    license: row.license,
    icon: row.icon,
    banner_url: row.bannerUrl,
    repository: row.repository,
    tags: row.tags,
    tags_admin: row.tagsAdmin,
    supported_os: row.supportedOs,
    supported_accelerators: row.supportedAccelerators,
    supported_comfyui_version: row.supportedComfyuiVersion,
    supported_comfyui_frontend_version: row.supportedComfyuiFrontendVersion,
    status: row.status,
    status_detail: row.statusDetail,
    search_ranking: row.searchRanking,
    preempted_comfy_node_names: row.preemptedComfyNodeNames,
    publisher_id: row.publisherId,
  };
}

const COLUMN_OF: { [K in keyof NodeState]: keyof typeof nodes.$inferInsert } = {
  name: 'name',
  description: 'description',
  category: 'category',
  author: 'author',
  license: 'license',
  icon: 'icon',
  banner_url: 'bannerUrl',
  repository: 'repository',
  tags: 'tags',
  tags_admin: 'tagsAdmin',
  supported_os: 'supportedOs',
  supported_accelerators: 'supportedAccelerators',
  supported_comfyui_version: 'supportedComfyuiVersion',
  supported_comfyui_frontend_version: 'supportedComfyuiFrontendVersion',
  status: 'status',
  status_detail: 'statusDetail',
  search_ranking: 'searchRanking',
  preempted_comfy_node_names: 'preemptedComfyNodeNames',
  publisher_id: 'publisherId',
};

/** Every key of NodeState (COLUMN_OF names each one, so none is missed). */
export const NODE_STATE_KEYS = Object.keys(COLUMN_OF) as (keyof NodeState)[];

export function toNodeStateColumns(changes: NodeChanges): Partial<typeof nodes.$inferInsert> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) columns[COLUMN_OF[key as keyof NodeState]] = value;
  }
  return columns as Partial<typeof nodes.$inferInsert>;
}

/**
 * updated_at for a search-visible write: the database clock, never moving backwards (the search
 * change feed reads rows whose updated_at moved).
 */
export const bumpedUpdatedAt = sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})`;
