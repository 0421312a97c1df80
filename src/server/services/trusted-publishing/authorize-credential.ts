import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { trustedPublishers, trustedPublishingCredentials } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { loadPublishablePublisher } from '../publish/check-publish.ts';
import { hashToken } from '../tokens/token-format.ts';
import type { TrustedCredentialRow, TrustedPublisherRow } from './trusted-publisher-row.ts';

export interface AuthorizedCredential {
  credential: TrustedCredentialRow;
  /** The registration that lets this credential publish this node. */
  trustedPublisher: TrustedPublisherRow;
  publisher: PublisherRow;
}

/**
 * A publish with an exchanged credential (`nyd_tp_…` in comfy-cli's personal_access_token): it must be
 * live, and one of the registrations it was issued for must still exist for this publisher and node.
 * Removing a trusted publisher therefore revokes its outstanding credentials at once.
 */
export async function authorizeCredentialPublish(
  db: Db,
  secret: string,
  publisherIdParam: string,
  nodeIdParam: string,
  now: Date,
): Promise<AuthorizedCredential> {
  const [credential] = await db
    .select()
    .from(trustedPublishingCredentials)
    .where(eq(trustedPublishingCredentials.secretHash, hashToken(secret)))
    .limit(1);
  if (!credential) throw badRequest('Invalid personal access token', 'invalid_token');
  if (credential.expiresAt.getTime() <= now.getTime()) {
    throw badRequest(
      `This trusted publishing token expired on ${credential.expiresAt.toISOString()}: exchange a new identity token.`,
      'token_expired',
    );
  }
  const registrations = await db
    .select()
    .from(trustedPublishers)
    .where(inArray(trustedPublishers.id, credential.trustedPublisherIds));
  if (registrations.length === 0) {
    throw badRequest(
      'The trusted publisher this token was issued for has been removed; the token no longer publishes.',
      'token_revoked',
    );
  }
  const publisherId = publisherIdParam.toLowerCase();
  const trustedPublisher = registrations.find(
    (registration) =>
      registration.publisherId === publisherId && registration.nodeId.toLowerCase() === nodeIdParam.toLowerCase(),
  );
  if (!trustedPublisher) {
    const allowed = registrations.map((registration) => `${registration.publisherId}/${registration.nodeId}`);
    throw forbidden(
      `This trusted publishing token was issued for ${allowed.join(', ')}; it cannot publish ` +
        `${publisherId}/${nodeIdParam}. Register a trusted publisher for that node too.`,
      'trusted_credential_wrong_node',
    );
  }
  const publisher = await loadPublishablePublisher(db, publisherId);
  return { credential, trustedPublisher, publisher };
}
