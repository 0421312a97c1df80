import { z } from '@hono/zod-openapi';

/** A token as listed: the contract's PersonalAccessToken without `token`, plus our extras. */
export const PersonalAccessTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    createdAt: z.string(),
    displayPrefix: z.string().openapi({ description: 'The first characters of the token, to tell tokens apart.' }),
    expiresAt: z.string().optional(),
    lastUsedAt: z.string().optional(),
  })
  .openapi('PersonalAccessToken');

export const CreatedTokenSchema = PersonalAccessTokenSchema.extend({
  token: z.string().openapi({ description: 'The secret. Shown in this response only, never again.' }),
}).openapi('CreatedPersonalAccessToken');

export const CreateTokenBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100),
    description: z.string().trim().max(500).nullable().optional(),
    expires_in_days: z.number().int().min(1).max(365).optional(),
  })
  .openapi('CreatePersonalAccessTokenRequest');
