import { decodeJwt, errors, jwtVerify } from 'jose';
import type { Clock } from '../../clock.ts';
import { ApiError, type ApiErrorCode } from '../../errors.ts';
import { findIssuer, type TrustedPublishingConfig } from './issuers.ts';
import type { JwksCache } from './jwks-cache.ts';
import { OidcClaimsSchema, type OidcClaims } from './oidc-claims.ts';

// Verifies a CI identity token: a configured issuer, a signature by one of its published keys, our
// audience, and exp/nbf against the injected clock. Each way it can fail has its own code, so a CI
// log says what to fix. Nothing of the token itself is ever echoed or logged.

/** Clocks of CI runners and of this server may disagree this much. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Asymmetric algorithms only: a shared-secret (HS*) token could be forged by anyone who knows the secret. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const refuse = (code: ApiErrorCode, message: string) => new ApiError(401, code, message);

export interface VerifyDeps {
  config: TrustedPublishingConfig;
  jwks: JwksCache;
  clock: Clock;
}

export async function verifyOidcToken(deps: VerifyDeps, jwt: string): Promise<OidcClaims> {
  let unverified: { iss?: unknown };
  try {
    unverified = decodeJwt(jwt);
  } catch {
    throw refuse('oidc_token_malformed', 'This is not a JWT: send the identity token your CI job requested.');
  }
  const iss = typeof unverified.iss === 'string' ? unverified.iss : '';
  const issuer = findIssuer(deps.config, iss);
  if (!issuer) {
    throw refuse(
      'oidc_unknown_issuer',
      `Identity tokens from issuer "${iss.slice(0, 200)}" are not accepted here. Accepted: ` +
        `${deps.config.issuers.map((known) => known.issuer).join(', ')}.`,
    );
  }
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(jwt, deps.jwks.resolver(issuer.jwksUrl), {
      issuer: issuer.issuer,
      audience: deps.config.audience,
      algorithms: ALGORITHMS,
      currentDate: deps.clock.now(),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'jti'],
    }));
  } catch (error) {
    throw verificationError(error, deps.config.audience);
  }
  const claims = OidcClaimsSchema.safeParse(payload);
  if (!claims.success) {
    const fields = [...new Set(claims.error.issues.map((issue) => issue.path.join('.')))].join(', ');
    throw refuse(
      'oidc_token_malformed',
      `The identity token lacks claims trusted publishing needs, or has them in another shape: ${fields}.`,
    );
  }
  return claims.data;
}

function verificationError(error: unknown, audience: string): unknown {
  if (error instanceof ApiError) return error; // the issuer's keys could not be fetched
  if (error instanceof errors.JWTExpired) {
    return refuse('oidc_token_expired', 'The identity token has expired: request a new one and exchange it at once.');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf' || error.claim === 'iat') {
      return refuse(
        'oidc_token_not_yet_valid',
        'The identity token is not valid yet (nbf is in the future): check the issuing clock.',
      );
    }
    if (error.claim === 'aud') {
      return refuse(
        'oidc_wrong_audience',
        `The identity token was issued for another audience: request it with audience "${audience}".`,
      );
    }
    return refuse('oidc_token_malformed', `The identity token's "${error.claim}" claim is missing or invalid.`);
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return refuse('oidc_bad_signature', 'The identity token is signed with a key the issuer does not publish.');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return refuse('oidc_bad_signature', "The identity token's signature does not verify with the issuer's keys.");
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return refuse('oidc_bad_signature', 'The identity token is signed with an algorithm that is not accepted.');
  }
  return refuse('oidc_token_malformed', 'The identity token could not be read as a signed JWT.');
}
