import { z } from '@hono/zod-openapi';
import { publisherIdProblem } from '../../services/publishers/publisher-id.ts';
import { labelList, optionalSupport, optionalText, optionalUrl } from './field-schemas.ts';

// Request schemas of the publisher routes (response shapes are in ../schemas.ts).

const pathSegment = (name: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name, in: 'path' } });

export const PublisherParams = z.object({ publisherId: pathSegment('publisherId') });
export const PublisherNodeParams = PublisherParams.extend({ nodeId: pathSegment('nodeId') });
export const VersionParams = PublisherNodeParams.extend({
  versionId: z.uuid('must be a version id (a UUID)').openapi({ param: { name: 'versionId', in: 'path' } }),
});
export const TokenParams = PublisherParams.extend({
  tokenId: z.uuid('must be a token id (a UUID)').openapi({ param: { name: 'tokenId', in: 'path' } }),
});

/** A publisher id that passes the format rule and is not reserved (the message explains the rule). */
export const PublisherIdField = z
  .string()
  .trim()
  .superRefine((id, ctx) => {
    const problem = publisherIdProblem(id);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  });

export const PublisherFieldsSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100).optional(),
  description: optionalText(2000),
  website: optionalUrl(),
  support: optionalSupport(),
  source_code_repo: optionalUrl(),
  logo: optionalUrl(),
});

export const CreatePublisherBody = PublisherFieldsSchema.extend({
  id: PublisherIdField,
  name: z.string().trim().min(1, 'must not be empty').max(100),
}).openapi('CreatePublisherRequest');

export const UpdatePublisherBody = PublisherFieldsSchema.openapi('UpdatePublisherRequest');

/** Node ids as comfy-cli and pip accept them: 1–100 chars, no leading or trailing `.`, `_` or `-`. */
export const NODE_ID_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;

/** The node fields a publisher may edit (status, ranking, admin tags and preempted names are admin-only). */
export const NodeFieldsSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  description: optionalText(2000),
  category: optionalText(100),
  author: optionalText(200),
  license: optionalText(10_000),
  icon: optionalUrl(),
  banner_url: optionalUrl(),
  repository: optionalUrl(),
  tags: labelList(30),
  supported_os: labelList(20),
  supported_accelerators: labelList(20),
  supported_comfyui_version: optionalText(100),
  supported_comfyui_frontend_version: optionalText(100),
});

export const CreateNodeBody = NodeFieldsSchema.extend({
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(
      NODE_ID_PATTERN,
      'a node id is 1 to 100 letters, digits, ".", "_" or "-", and starts and ends with a letter or digit',
    ),
}).openapi('CreateNodeRequest');

export const UpdateNodeBody = NodeFieldsSchema.openapi('UpdateNodeRequest');

/** A boolean query flag that also tolerates the odd spellings clients send. */
export const includeBannedQuery = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .transform((v) => v === 'true' || v === '1' || v === 'True')
  .optional();

/** page ≥ 1 (default 1) and limit clamped to 1..100 (default 10): out-of-range values never fail. */
export const PaginationQuery = z.object({
  include_banned: includeBannedQuery,
  page: z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform((v) => Math.max(1, Math.min(Number(v), 1_000_000)))
    .optional(),
  limit: z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform((v) => Math.max(1, Math.min(Number(v), 100)))
    .optional(),
});

export const CanEditSchema = z
  .object({
    canEdit: z.boolean(),
    role: z.enum(['owner', 'member']).optional().openapi({ description: 'The caller’s role on the publisher.' }),
    reason: z.string().optional().openapi({
      description:
        'Why `canEdit` is false for a signed-in caller: `publisher_banned`, `user_banned`, `not_a_member`, …',
    }),
  })
  .openapi('PermissionResponse');
