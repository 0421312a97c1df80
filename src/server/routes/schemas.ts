import { z } from '@hono/zod-openapi';
import { VALIDATION_ISSUES } from '../../lib/api/error-codes.ts';
import { BanSchema } from './ban-schemas.ts';

// Shared OpenAPI schemas: the contract's component shapes, with its exact field casing.

export const ErrorResponseSchema = z
  .object({
    error: z
      .string()
      .openapi({ description: 'Stable machine code (src/lib/api/error-codes.ts); islands translate it.' }),
    message: z.string(),
    details: z
      .array(
        z.object({
          path: z.string(),
          message: z.string(),
          code: z
            .enum(VALIDATION_ISSUES)
            .optional()
            .openapi({ description: 'What was wrong with the field, for a translated sentence.' }),
          limit: z.number().optional().openapi({ description: 'The bound a too long/short/small/big value missed.' }),
          rule: z.string().optional().openapi({
            description: 'The archive rule a refused zip broke (docs/moderation.md); `path` is then its entry.',
          }),
        }),
      )
      .optional(),
  })
  .openapi('ErrorResponse');

/** Standard error responses, spread into a route's `responses`. */
export function errorResponses(...statuses: number[]) {
  const descriptions: Record<number, string> = {
    400: 'Invalid request',
    401: 'Not signed in',
    403: 'Not allowed',
    404: 'Not found',
    409: 'Conflict',
    413: 'Too large',
    429: 'Too many requests',
    500: 'Server error',
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: descriptions[status] ?? 'Error',
        content: { 'application/json': { schema: ErrorResponseSchema } },
      },
    ]),
  );
}

/**
 * A query parameter that may repeat (`statuses=A&statuses=B`): always an array after parsing.
 * Hono hands a single occurrence over as a string, several as an array.
 */
export function repeatedQuery<T extends z.ZodType<string>>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(item).optional(),
  );
}

/** A boolean query flag: true/false/1/0 (anything else is a 400). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string().optional(),
    name: z.string().optional(),
    isApproved: z.boolean(),
    isAdmin: z.boolean(),
  })
  .openapi('User');

export const bearerSecurity = [{ BearerAuth: [] }];

const NodeStatusSchema = z.enum(['NodeStatusActive', 'NodeStatusDeleted', 'NodeStatusBanned']).openapi('NodeStatus');
export const NodeVersionStatusSchema = z
  .enum([
    'NodeVersionStatusActive',
    'NodeVersionStatusDeleted',
    'NodeVersionStatusBanned',
    'NodeVersionStatusPending',
    'NodeVersionStatusFlagged',
  ])
  .openapi('NodeVersionStatus');
const PublisherStatusSchema = z.enum(['PublisherStatusActive', 'PublisherStatusBanned']).openapi('PublisherStatus');

/** Fields Node and NodeVersion share: tags and what the pack runs on. */
const tagAndCompatibilityFields = {
  tags: z.array(z.string()).optional(),
  tags_admin: z.array(z.string()).optional(),
  supported_os: z.array(z.string()).optional(),
  supported_accelerators: z.array(z.string()).optional(),
  supported_comfyui_version: z.string().optional(),
  supported_comfyui_frontend_version: z.string().optional(),
};

export const VersionProvenanceBriefSchema = z
  .object({
    published_with: z.enum(['trusted_publishing', 'personal_access_token', 'dashboard_upload']),
    repository: z.string().optional().openapi({ description: 'owner/repo the workflow ran in (trusted publishing).' }),
    commit: z.string().optional().openapi({ description: 'The commit the workflow ran on.' }),
    ref: z.string().optional().openapi({ description: 'The git ref of the run (refs/tags/v1.2.0).' }),
    workflow: z.string().optional().openapi({ description: 'The workflow file (publish.yml).' }),
    run_id: z.string().optional().openapi({ description: 'The CI run that published it.' }),
  })
  .openapi('VersionProvenanceBrief', {
    description:
      'Nodeyard addition: how this version was published; absent when unknown (imported versions). The source ' +
      'fields come only with trusted publishing; the signed statement is at GET /nodes/{id}/versions/{v}/provenance.',
  });

export const NodeVersionSchema = z
  .object({
    id: z.string(),
    version: z.string(),
    node_id: z.string().optional(),
    createdAt: z.string().optional(),
    changelog: z.string().optional(),
    dependencies: z.array(z.string()).optional(),
    deprecated: z.boolean().optional(),
    deprecation_message: z.string().optional().openapi({
      description: "Nodeyard addition: the publisher's note on a deprecated version (what to use instead).",
    }),
    yanked: z
      .boolean()
      .optional()
      .openapi({
        description:
          'Nodeyard addition: the publisher or an admin yanked this version. It is never chosen as latest (lists, ' +
          'install without a version, the resolver) but an install of exactly this version still works.',
      }),
    yanked_reason: z
      .string()
      .optional()
      .openapi({ description: 'Nodeyard addition: why it was yanked (when yanked).' }),
    yanked_at: z.string().optional().openapi({ description: 'Nodeyard addition: when it was yanked (when yanked).' }),
    quarantined: z
      .boolean()
      .optional()
      .openapi({
        description:
          'Nodeyard addition: reports quarantined this version (docs/moderation.md). Not installable at all, not ' +
          'even by exact version, until an admin releases or bans it.',
      }),
    quarantined_at: z
      .string()
      .optional()
      .openapi({ description: 'Nodeyard addition: when it was quarantined (when quarantined).' }),
    provenance: VersionProvenanceBriefSchema.optional(),
    status: NodeVersionStatusSchema.optional(),
    status_reason: z.string().optional(),
    ...tagAndCompatibilityFields,
    comfy_node_extract_status: z.string().optional(),
    downloadUrl: z.string().optional().openapi({ description: 'Absolute URL of the zip, once uploaded.' }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .openapi({
        description:
          'Lower-case hex SHA-256 of the zip at downloadUrl, recorded when the upload was accepted; present with ' +
          'downloadUrl. Check the downloaded bytes against it.',
      }),
  })
  .openapi('NodeVersion');

export const PublisherSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    website: z.string().optional(),
    support: z.string().optional(),
    source_code_repo: z.string().optional(),
    logo: z.string().optional(),
    createdAt: z.string().optional(),
    status: PublisherStatusSchema.optional(),
    members: z
      .array(
        z.object({
          id: z.string(),
          role: z.string(),
          user: z.object({ id: z.string(), name: z.string().optional(), email: z.string().optional() }),
        }),
      )
      .optional()
      .openapi({ description: 'Only shown to the publisher’s owners and to admins.' }),
    ban: BanSchema.optional().openapi({
      description: 'Nodeyard: why and since when a banned publisher is banned; only shown to its members and admins.',
    }),
  })
  .openapi('Publisher');

export const NodeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string().optional(),
    author: z.string().optional(),
    license: z.string().optional(),
    icon: z.string().optional(),
    banner_url: z.string().optional(),
    repository: z.string().optional(),
    ...tagAndCompatibilityFields,
    latest_version: NodeVersionSchema.optional(),
    rating: z.number().optional(),
    downloads: z.number().int().optional(),
    github_stars: z.number().int().optional(),
    publisher: PublisherSchema.optional(),
    status: NodeStatusSchema.optional(),
    status_detail: z.string().optional(),
    translations: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    search_ranking: z.number().int().optional(),
    preempted_comfy_node_names: z.array(z.string()).optional(),
    created_at: z.string().optional(),
    advisories: z
      .array(z.string())
      .optional()
      .openapi({
        description:
          'Nodeyard (GET /nodes/{id} only): ids of active security advisories naming this pack, any of its versions ' +
          '(GET /advisories/{id}).',
      }),
    latest_version_advisories: z
      .array(z.string())
      .optional()
      .openapi({
        description:
          'Nodeyard (lists and search only): ids of active security advisories naming this pack that affect ' +
          'latest_version; absent when none.',
      }),
    dependency_advisories: z
      .array(z.string())
      .optional()
      .openapi({
        description:
          'Nodeyard (GET /nodes/{id} only): ids of active advisories about Python packages that the latest ' +
          'version’s declared dependencies admit an affected version of.',
      }),
  })
  .openapi('Node');

/** `{nodes, total, page, limit, totalPages}`: the paginated list shape Manager loops over. */
export const NodeListSchema = z
  .object({
    nodes: z.array(NodeSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  })
  .openapi('NodeList');
