import { isWebUrl } from '../../../lib/url/web-url.ts';

// Which OIDC issuers may exchange tokens, and where each publishes its signing keys (JWKS).
// Configuration, not data: an operator adds an issuer (GitHub Enterprise Server, a test issuer) through
// TRUSTED_PUBLISHING_ISSUERS (docs/operations.md); GitHub Actions is accepted by default.

export interface TrustedIssuer {
  /** The exact `iss` claim. */
  issuer: string;
  /** The JWKS document's URL. */
  jwksUrl: string;
}

export interface TrustedPublishingConfig {
  issuers: readonly TrustedIssuer[];
  /** The `aud` claim a token must carry (default `nodeyard`). */
  audience: string;
}

export const GITHUB_ACTIONS_ISSUER: TrustedIssuer = {
  issuer: 'https://token.actions.githubusercontent.com',
  jwksUrl: 'https://token.actions.githubusercontent.com/.well-known/jwks',
};

export const DEFAULT_AUDIENCE = 'nodeyard';

export const DEFAULT_TRUSTED_PUBLISHING: TrustedPublishingConfig = {
  issuers: [GITHUB_ACTIONS_ISSUER],
  audience: DEFAULT_AUDIENCE,
};

/**
 * TRUSTED_PUBLISHING_ISSUERS: comma-separated `<issuer> <jwks url>` pairs (a space between the two),
 * or the word `github` for GitHub Actions. Null when an entry is malformed.
 */
export function parseTrustedIssuers(value: string): TrustedIssuer[] | null {
  const issuers: TrustedIssuer[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (entry.toLowerCase() === 'github') {
      issuers.push(GITHUB_ACTIONS_ISSUER);
      continue;
    }
    const [issuer, jwksUrl, extra] = entry.split(/\s+/);
    if (!issuer || !jwksUrl || extra !== undefined || !isWebUrl(issuer) || !isWebUrl(jwksUrl)) return null;
    issuers.push({ issuer, jwksUrl });
  }
  return issuers.length > 0 ? issuers : null;
}

export function findIssuer(config: TrustedPublishingConfig, iss: string): TrustedIssuer | undefined {
  return config.issuers.find((candidate) => candidate.issuer === iss);
}
