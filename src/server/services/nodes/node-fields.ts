import type { NodeStatus, nodes } from '../../db/schema/index.ts';
import type { NodeChanges } from './node-state.ts';

/** The node fields a publisher may edit, as the API names them (already validated at the edge). */
export interface NodeFieldsInput {
  name?: string | undefined;
  description?: string | null | undefined;
  category?: string | null | undefined;
  author?: string | null | undefined;
  license?: string | null | undefined;
  icon?: string | null | undefined;
  banner_url?: string | null | undefined;
  repository?: string | null | undefined;
  tags?: string[] | null | undefined;
  supported_os?: string[] | null | undefined;
  supported_accelerators?: string[] | null | undefined;
  supported_comfyui_version?: string | null | undefined;
  supported_comfyui_frontend_version?: string | null | undefined;
}

type EditableColumn =
  | 'name'
  | 'description'
  | 'category'
  | 'author'
  | 'license'
  | 'icon'
  | 'bannerUrl'
  | 'repository'
  | 'tags'
  | 'supportedOs'
  | 'supportedAccelerators'
  | 'supportedComfyuiVersion'
  | 'supportedComfyuiFrontendVersion';
type NodeColumns = Partial<Pick<typeof nodes.$inferInsert, EditableColumn>>;

const text = (value: string | null | undefined) => (value === '' ? null : value);
const list = (value: string[] | null | undefined) => (value === null ? [] : value);

/** API fields → columns. Absent fields stay out (unchanged); '' or null clears; description is never null. */
export function toNodeColumns(input: NodeFieldsInput): NodeColumns {
  const columns: { [K in keyof NodeColumns]-?: NodeColumns[K] | undefined } = {
    name: input.name,
    description: input.description === null ? '' : input.description,
    category: text(input.category),
    author: text(input.author),
    license: text(input.license),
    icon: text(input.icon),
    bannerUrl: text(input.banner_url),
    repository: text(input.repository),
    tags: list(input.tags),
    supportedOs: list(input.supported_os),
    supportedAccelerators: list(input.supported_accelerators),
    supportedComfyuiVersion: text(input.supported_comfyui_version),
    supportedComfyuiFrontendVersion: text(input.supported_comfyui_frontend_version),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as NodeColumns;
}

/** Every field an update may carry, as the API names them; which of them count is the caller's policy. */
export interface NodeChangesInput extends NodeFieldsInput {
  tags_admin?: string[] | null | undefined;
  status?: NodeStatus | undefined;
  status_detail?: string | null | undefined;
  search_ranking?: number | undefined;
  preempted_comfy_node_names?: string[] | null | undefined;
  /** Move the node to this publisher ("unclaimed" unclaims it). */
  publisher_id?: string | undefined;
}

/** A validated update body → node changes (updateNode): absent fields unchanged, '' or null clears. */
export function toNodeChanges(input: NodeChangesInput): NodeChanges {
  const changes: { [K in keyof NodeChanges]-?: NodeChanges[K] | undefined } = {
    name: input.name,
    description: input.description === null ? '' : input.description,
    category: text(input.category),
    author: text(input.author),
    license: text(input.license),
    icon: text(input.icon),
    banner_url: text(input.banner_url),
    repository: text(input.repository),
    tags: list(input.tags),
    tags_admin: list(input.tags_admin),
    supported_os: list(input.supported_os),
    supported_accelerators: list(input.supported_accelerators),
    supported_comfyui_version: text(input.supported_comfyui_version),
    supported_comfyui_frontend_version: text(input.supported_comfyui_frontend_version),
    status: input.status,
    status_detail: text(input.status_detail),
    search_ranking: input.search_ranking,
    preempted_comfy_node_names: list(input.preempted_comfy_node_names),
    publisher_id: input.publisher_id,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as NodeChanges;
}
