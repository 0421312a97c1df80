import { z } from '@hono/zod-openapi';
import { labelList, optionalText } from '../publishers/field-schemas.ts';
import { NodeVersionStatusSchema } from '../schemas.ts';

// Request and response schemas of the admin routes (shared component shapes are in ../schemas.ts).

export const pathParam = (name: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name, in: 'path' } });

export const NodeIdParams = z.object({ nodeId: pathParam('nodeId') });
export const PublisherIdParams = z.object({ publisherId: pathParam('publisherId') });
export const PublisherNodeParams = PublisherIdParams.extend({ nodeId: pathParam('nodeId') });
export const VersionNumberParams = NodeIdParams.extend({ versionNumber: pathParam('versionNumber') });
export const UserIdParams = z.object({ userId: pathParam('userId') });

const AdminNodeStatusSchema = z.enum(['NodeStatusActive', 'NodeStatusBanned']);

/** A reason an admin gives for a decision; shown to reviewers and stored in the audit log. */
export const ReasonField = z.string().trim().max(2000);

/** Optional body of the ban / unban routes (the contract has none; a reason is welcome). */
export const BanBody = z.object({ reason: ReasonField.optional() }).openapi('AdminBanRequest');

const compatibilityFields = {
  supported_os: labelList(20),
  supported_accelerators: labelList(20),
  supported_comfyui_version: optionalText(100),
  supported_comfyui_frontend_version: optionalText(100),
};

/** The contract's Node as the admin update body: every field optional, admin-only fields honoured. */
export const AdminUpdateNodeBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
    description: optionalText(2000),
    category: optionalText(100),
    author: optionalText(200),
    license: optionalText(10_000),
    repository: z.string().trim().max(2048).nullable().optional(),
    tags: labelList(30),
    tags_admin: labelList(30),
    ...compatibilityFields,
    status: AdminNodeStatusSchema.optional(),
    status_detail: optionalText(2000),
    search_ranking: z.number().int().min(0).max(100).optional(),
    preempted_comfy_node_names: z
      .array(z.string().trim().min(1, 'must not be empty').max(200))
      .max(200)
      .transform((items) => [...new Set(items)])
      .nullable()
      .optional(),
    publisher: z
      .object({ id: z.string().trim().min(1).max(200) })
      .optional()
      .openapi({ description: 'Move the node: a publisher id, or "unclaimed" to unclaim it.' }),
  })
  .openapi('AdminUpdateNodeRequest');

export const AdminCreateNodeBody = z
  .object({
    id: z.string().trim().max(100).optional().openapi({ description: 'Defaults to the repository name.' }),
    name: z.string().trim().max(200).optional(),
    description: optionalText(2000),
    category: optionalText(100),
    author: optionalText(200),
    license: optionalText(10_000),
    repository: z.string().trim().min(1).max(2048).openapi({ description: 'https://github.com/owner/repo' }),
    tags: labelList(30),
    publisher: z
      .object({ id: z.string().trim().min(1).max(200) })
      .optional()
      .openapi({ description: 'Defaults to the unclaimed placeholder publisher.' }),
  })
  .openapi('AdminCreateNodeRequest');

export const AdminUpdateVersionBody = z
  .object({
    status: NodeVersionStatusSchema.optional(),
    status_reason: ReasonField.optional(),
    ...compatibilityFields,
  })
  .openapi('AdminUpdateNodeVersionRequest');

/** page/limit/totalPages of the admin lists. */
export const pagingFields = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
};
