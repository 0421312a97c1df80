import { z } from '@hono/zod-openapi';
import { PublisherParams } from '../publishers/schemas.ts';

export const TrustedPublisherParams = PublisherParams.extend({
  trustedPublisherId: z
    .uuid('must be a trusted publisher id (a UUID)')
    .openapi({ param: { name: 'trustedPublisherId', in: 'path' } }),
});

const numericId = z
  .string()
  .regex(/^\d{1,20}$/, 'must be a number (GitHub’s numeric id)')
  .nullish();

export const CreateTrustedPublisherBody = z
  .object({
    node_id: z
      .string()
      .min(1)
      .max(100)
      .openapi({ description: 'An existing node of this publisher, or an id not created yet (pending).' }),
    issuer: z.string().url().max(300).nullish().openapi({
      description: 'The token issuer; default GitHub Actions (https://token.actions.githubusercontent.com).',
    }),
    repository: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\/[A-Za-z0-9._-]{1,100}$/, 'must be owner/repo')
      .openapi({ example: 'octo-org/comfyui-example' }),
    repository_id: numericId.openapi({
      description: 'The repository’s immutable id; recorded at the first exchange when not given.',
    }),
    repository_owner_id: numericId.openapi({
      description: 'The owner’s immutable id; recorded at the first exchange when not given.',
    }),
    workflow: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9._-]+\.ya?ml$/, 'must be a workflow file name such as publish.yml')
      .openapi({ example: 'publish.yml' }),
    environment: z.string().min(1).max(255).nullish().openapi({ description: 'Required deployment environment.' }),
    ref_pattern: z.string().min(1).max(255).nullish().openapi({ example: 'refs/tags/v*' }),
  })
  .openapi('CreateTrustedPublisherRequest');

export const TrustedPublisherSchema = z
  .object({
    id: z.string(),
    node_id: z.string(),
    pending: z.boolean().openapi({ description: 'The node does not exist yet: the first trusted publish creates it.' }),
    issuer: z.string(),
    repository: z.string(),
    repository_id: z.string().nullable(),
    repository_owner_id: z.string().nullable(),
    workflow: z.string(),
    environment: z.string().nullable(),
    ref_pattern: z.string().nullable(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .openapi('TrustedPublisher');

export const TrustedPublisherListSchema = z
  .object({
    trusted_publishers: z.array(TrustedPublisherSchema),
    nodes: z.array(z.object({ id: z.string(), require_trusted_publishing: z.boolean() })).openapi({
      description: "The publisher's nodes with their CI-only setting.",
    }),
    issuers: z.array(z.string()).openapi({ description: 'Accepted issuers; the first is the default.' }),
  })
  .openapi('TrustedPublisherList');

export const NodeTrustedPublishingBody = z
  .object({ require_trusted_publishing: z.boolean() })
  .openapi('NodeTrustedPublishingSetting');
