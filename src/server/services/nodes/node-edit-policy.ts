import { ADMIN_ACTIONS } from '../audit/actions.ts';
import { NODE_STATE_KEYS, type NodeState } from './node-state.ts';

/**
 * What one kind of caller may change on a node, and the audit action its edits are logged under. updateNode
 * applies only the policy's fields: a field outside it is left as it is, whatever the caller passed.
 */
export interface NodeEditPolicy {
  fields: ReadonlySet<keyof NodeState>;
  action: string;
}

/** The public description of a pack: what its publisher's owners and members edit. */
const PUBLIC_FIELDS: readonly (keyof NodeState)[] = [
  'name',
  'description',
  'category',
  'author',
  'license',
  'icon',
  'banner_url',
  'repository',
  'tags',
  'supported_os',
  'supported_accelerators',
  'supported_comfyui_version',
  'supported_comfyui_frontend_version',
];

export const NODE_EDIT_POLICIES = {
  /** PUT /publishers/{publisherId}/nodes/{nodeId}: the public fields only. */
  publisher: { fields: new Set(PUBLIC_FIELDS), action: 'node.update' },
  /** PUT /admin/nodes/{nodeId}, bans and undo: every field, status, ranking, admin tags and the publisher too. */
  admin: { fields: new Set(NODE_STATE_KEYS), action: ADMIN_ACTIONS.nodeAdminUpdate },
} as const satisfies Record<string, NodeEditPolicy>;
