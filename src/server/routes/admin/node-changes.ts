import type { z } from '@hono/zod-openapi';
import type { NodeAdminChanges } from '../../services/nodes/node-state.ts';
import type { AdminUpdateNodeBody } from './schemas.ts';

const text = (value: string | null | undefined) => (value === '' ? null : value);
const list = (value: string[] | null | undefined) => (value === null ? [] : value);

/** The admin update body → node changes: absent fields unchanged, '' or null clears. */
export function toNodeChanges(body: z.infer<typeof AdminUpdateNodeBody>): NodeAdminChanges {
  const changes: { [K in keyof NodeAdminChanges]-?: NodeAdminChanges[K] | undefined } = {
    name: body.name,
    description: body.description === null ? '' : body.description,
    category: text(body.category),
    author: text(body.author),
    license: text(body.license),
    icon: undefined,
    banner_url: undefined,
    repository: text(body.repository),
    tags: list(body.tags),
    tags_admin: list(body.tags_admin),
    supported_os: list(body.supported_os),
    supported_accelerators: list(body.supported_accelerators),
    supported_comfyui_version: text(body.supported_comfyui_version),
    supported_comfyui_frontend_version: text(body.supported_comfyui_frontend_version),
    status: body.status,
    status_detail: text(body.status_detail),
    search_ranking: body.search_ranking,
    preempted_comfy_node_names: list(body.preempted_comfy_node_names),
    publisher_id: body.publisher?.id,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as NodeAdminChanges;
}
