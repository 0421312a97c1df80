import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { trustedPublishers, trustedPublishingCredentials } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { CREDENTIAL_TTL_MS, generateCredential } from './credential-format.ts';
import { DEFAULT_TRUSTED_PUBLISHING } from './issuers.ts';
import { describeMismatches, matchTrustedPublishers } from './match-publishers.ts';
import { provenanceClaims, type OidcClaims } from './oidc-claims.ts';
import type { TrustedPublisherRow } from './trusted-publisher-row.ts';
import { verifyOidcToken } from './verify-oidc-token.ts';

export interface ExchangeResult {
  secret: string;
  expiresAt: Date;
  /** What the credential may publish: `publisherId/nodeId` pairs. */
  nodes: { publisherId: string; nodeId: string }[];
}

/**
 * POST /trusted-publishing/exchange: a verified CI identity token that matches registered trusted
 * publishers becomes a credential that publishes exactly their nodes for 15 minutes. Each identity
 * token is exchanged once (its `jti` is kept until it expires).
 */
export async function exchangeOidcToken(services: AppDeps, jwt: string): Promise<ExchangeResult> {
  const { db, clock } = services;
  const config = services.config.trustedPublishing ?? DEFAULT_TRUSTED_PUBLISHING;
  const claims = await verifyOidcToken({ config, jwks: services.trustedPublishingKeys, clock }, jwt);
  const candidates = await db
    .select()
    .from(trustedPublishers)
    .where(
      and(
        eq(trustedPublishers.issuer, claims.iss),
        or(
          sql`lower(${trustedPublishers.repository}) = ${claims.repository.toLowerCase()}`,
          claims.repository_id ? eq(trustedPublishers.repositoryId, claims.repository_id) : sql`false`,
        ),
      ),
    );
  const { matched, mismatches } = matchTrustedPublishers(candidates, claims);
  if (matched.length === 0) {
    throw new ApiError(403, 'oidc_no_matching_publisher', describeMismatches(mismatches, claims.repository));
  }
  const now = clock.now();
  const { token: secret, hash, displayPrefix } = generateCredential();
  const expiresAt = new Date(now.getTime() + CREDENTIAL_TTL_MS);
  await db.transaction(async (tx) => {
    // Rows past both expiries guard nothing any more.
    await tx
      .delete(trustedPublishingCredentials)
      .where(and(lt(trustedPublishingCredentials.oidcExpiresAt, now), lt(trustedPublishingCredentials.expiresAt, now)));
    const [credential] = await tx
      .insert(trustedPublishingCredentials)
      .values({
        secretHash: hash,
        displayPrefix,
        trustedPublisherIds: matched.map((registration) => registration.id),
        issuer: claims.iss,
        jti: claims.jti,
        claims: provenanceClaims(claims),
        expiresAt,
        oidcExpiresAt: new Date(claims.exp * 1000),
        createdAt: now,
      })
      .onConflictDoNothing({ target: [trustedPublishingCredentials.issuer, trustedPublishingCredentials.jti] })
      .returning();
    if (!credential) {
      throw new ApiError(
        401,
        'oidc_token_replayed',
        'This identity token was already exchanged: request a new one for every publish.',
      );
    }
    await recordFirstUse(tx, matched, claims, now);
    await recordAudit(tx, {
      actor: { userId: null, kind: 'token' },
      action: 'trusted_publishing.exchange',
      targetType: 'trusted_publishing_credential',
      targetId: credential.id,
      after: {
        credentialPrefix: displayPrefix,
        expiresAt,
        trustedPublisherIds: credential.trustedPublisherIds,
        claims: credential.claims,
      },
    });
  });
  return {
    secret,
    expiresAt,
    nodes: matched.map((registration) => ({ publisherId: registration.publisherId, nodeId: registration.nodeId })),
  };
}

/** Marks the registrations used, and pins the repository's immutable ids the first time a token carries them. */
async function recordFirstUse(
  tx: AppDeps['db'],
  matched: TrustedPublisherRow[],
  claims: OidcClaims,
  now: Date,
): Promise<void> {
  await tx
    .update(trustedPublishers)
    .set({ lastUsedAt: now })
    .where(
      inArray(
        trustedPublishers.id,
        matched.map((registration) => registration.id),
      ),
    );
  for (const registration of matched) {
    const pin = {
      ...(registration.repositoryId === null && claims.repository_id ? { repositoryId: claims.repository_id } : {}),
      ...(registration.repositoryOwnerId === null && claims.repository_owner_id
        ? { repositoryOwnerId: claims.repository_owner_id }
        : {}),
    };
    if (Object.keys(pin).length === 0) continue;
    await tx
      .update(trustedPublishers)
      .set({ ...pin, updatedAt: now })
      .where(eq(trustedPublishers.id, registration.id));
  }
}
