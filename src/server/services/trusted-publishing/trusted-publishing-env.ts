import { z } from 'zod';
import { DEFAULT_AUDIENCE, parseTrustedIssuers } from './issuers.ts';

/** Settings of trusted publishing (docs/operations.md, docs/publishing.md). */
export const trustedPublishingEnvShape = {
  /**
   * Accepted OIDC issuers: comma-separated `<issuer> <jwks url>` pairs, or `github` (the default:
   * GitHub Actions only).
   */
  TRUSTED_PUBLISHING_ISSUERS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined && parseTrustedIssuers(value) === null)
        ctx.addIssue({ code: 'custom', message: 'expected `github` or comma-separated "<issuer> <jwks url>" pairs' });
    })
    .transform((value) => (value === undefined ? undefined : parseTrustedIssuers(value)!)),
  /** The audience a CI identity token must be requested for. */
  TRUSTED_PUBLISHING_AUDIENCE: z.string().min(1).max(200).default(DEFAULT_AUDIENCE),
};
