import { z } from '@hono/zod-openapi';
import { LOCALES } from '../../../i18n/locales.ts';

// Request and response shapes of our own GitHub OAuth routes (not part of the Comfy contract).

/** A same-site path (no scheme, no `//host`): where the site returns after the claim. */
const ReturnPath = z
  .string()
  .trim()
  .max(500)
  .refine((path) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'), {
    message: 'must be a path on this site, starting with "/"',
  });

export const StartOAuthBody = z
  .object({
    publisherId: z.string().trim().min(1, 'choose a publisher').max(200),
    nodeId: z.string().trim().min(1, 'name the node to claim').max(200),
    returnPath: ReturnPath.optional(),
    lang: z.enum(LOCALES).optional(),
  })
  .openapi('GitHubOAuthStartRequest');

export const StartOAuthResponse = z
  .object({
    authorizeUrl: z.string().openapi({ description: "GitHub's authorize page; send the browser there." }),
    expiresAt: z.string(),
  })
  .openapi('GitHubOAuthStartResponse');

export const CompleteOAuthBody = z
  .object({
    code: z.string().trim().min(1, 'the code GitHub returned is missing').max(200),
    state: z.string().trim().min(1, 'the state GitHub returned is missing').max(200),
  })
  .openapi('GitHubOAuthCompleteRequest');

export const CompleteOAuthResponse = z
  .object({
    publisherId: z.string(),
    nodeId: z.string(),
    returnPath: z.string(),
  })
  .openapi('GitHubOAuthCompleteResponse');
