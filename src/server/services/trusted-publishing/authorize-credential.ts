import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { trustedPublishers, trustedPublishingCredentials } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { loadPublishablePublisher } from '../publish/check-publish.ts';
import { hashToken } from '../tokens/token-format.ts';
import type { TrustedCredentialRow, TrustedPublisherRow } from './trusted-publisher-row.ts';

/** A live exchanged credential and the registrations it was issued for that still exist. */
export interface AuthorizedCredential {
  credential: TrustedCredentialRow;
  registrations: TrustedPublisherRow[];
  publisher: PublisherRow;
}

const wrongNode = (registrations: TrustedPublisherRow[], target: string) =>
  forbidden(
    `This trusted publishing token was issued for ${registrations
      .map((registration) => `${registration.publisherId}/${registration.nodeId}`)
      .join(', ')}; it cannot publish ${target}. Register a trusted publisher for that node too.`,
    'trusted_credential_wrong_node',
  );

/**
 * A publish with an exchanged credential (`nyd_tp_…`, where comfy-cli sends its personal access token):
 * live, and issued for a registration of this publisher that still exists, so removing a trusted
 * publisher revokes its outstanding credentials at once. The node is checked once it is known
 * ({@link registrationForNode}): the zip upload learns it from the archive.
 */
export async function authorizeCredential(
  db: Db,
  secret: string,
  publisherIdParam: string,
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
  const here = registrations.filter((registration) => registration.publisherId === publisherId);
  if (here.length === 0) throw wrongNode(registrations, `for publisher ${publisherId}`);
  const publisher = await loadPublishablePublisher(db, publisherId);
  return { credential, registrations: here, publisher };
}

/** The registration that lets the credential publish this node; 403 trusted_credential_wrong_node otherwise. */
export function registrationForNode(registrations: TrustedPublisherRow[], nodeId: string): TrustedPublisherRow {
  const found = registrations.find((registration) => registration.nodeId.toLowerCase() === nodeId.toLowerCase());
  if (!found) throw wrongNode(registrations, `"${nodeId}"`);
  return found;
}
