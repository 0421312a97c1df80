import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { personalAccessTokens, trustedPublishers, trustedPublishingCredentials } from '../../db/schema/index.ts';
import { hashToken, looksLikeToken } from '../tokens/token-format.ts';
import { listVersionFindings, type VersionFindingRow } from './findings.ts';
import { getScanRecord } from './find-version.ts';
import { hasOpenScan } from './security-scan.ts';

// What a CI job polls after a publish (GET …/versions/{version}/status): where the version stands
// in moderation, whether that is the verdict or still on its way, and the findings behind it.

/** The verdict in a CI's terms: keep polling while `pending`; fail the job on `flagged` or `banned`. */
export type VerdictState = 'pending' | 'active' | 'flagged' | 'banned' | 'deleted';

const STATES: Record<NodeVersionRow['status'], VerdictState> = {
  NodeVersionStatusPending: 'pending',
  NodeVersionStatusActive: 'active',
  NodeVersionStatusFlagged: 'flagged',
  NodeVersionStatusBanned: 'banned',
  NodeVersionStatusDeleted: 'deleted',
};

export interface VersionVerdict {
  state: VerdictState;
  /** False while the upload or its scan is still to come (a rescan counts): poll again. */
  settled: boolean;
  scanQueued: boolean;
  scan: Awaited<ReturnType<typeof getScanRecord>>;
  findings: VersionFindingRow[];
}

export async function versionVerdict(db: Db, version: NodeVersionRow): Promise<VersionVerdict> {
  const [findings, scan, scanQueued] = await Promise.all([
    listVersionFindings(db, version.id),
    getScanRecord(db, version.id),
    hasOpenScan(db, version.id),
  ]);
  const state = STATES[version.status];
  return { state, settled: state !== 'pending' && !scanQueued, scanQueued, scan, findings };
}

/** The prefix of an exchanged trusted-publishing credential (services/trusted-publishing). */
const CREDENTIAL_PREFIX = 'nyd_tp_';

/** Whether a bearer token is one of ours that this route reads (else it is taken for a Firebase ID token). */
export const looksLikePublishToken = (token: string) => looksLikeToken(token) || token.startsWith(CREDENTIAL_PREFIX);

async function personalTokenReads(db: Db, token: string, publisherId: string, now: Date) {
  const [row] = await db
    .select({ publisherId: personalAccessTokens.publisherId, expiresAt: personalAccessTokens.expiresAt })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.publisherId !== publisherId) return 'invalid';
  return row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'ok';
}

/** An exchanged CI credential reads the nodes it may publish, while it lives (15 minutes). */
async function credentialReads(db: Db, token: string, publisherId: string, nodeId: string, now: Date) {
  const [credential] = await db
    .select({
      ids: trustedPublishingCredentials.trustedPublisherIds,
      expiresAt: trustedPublishingCredentials.expiresAt,
    })
    .from(trustedPublishingCredentials)
    .where(eq(trustedPublishingCredentials.secretHash, hashToken(token)))
    .limit(1);
  if (!credential || credential.ids.length === 0) return 'invalid';
  const [match] = await db
    .select({ id: trustedPublishers.id })
    .from(trustedPublishers)
    .where(
      and(
        inArray(trustedPublishers.id, credential.ids),
        eq(trustedPublishers.publisherId, publisherId),
        eq(trustedPublishers.nodeId, nodeId),
      ),
    )
    .limit(1);
  if (!match) return 'invalid';
  return credential.expiresAt.getTime() <= now.getTime() ? 'expired' : 'ok';
}

/**
 * Whether a bearer token may read this node's version states: a personal access token of the
 * publisher that has not expired, or a live credential exchanged for this node by a CI job.
 * ('expired' is told apart so the CI can say why.) Publishing rights (the creator's role, bans) are
 * not needed for a read.
 */
export async function tokenReadsNode(
  db: Db,
  token: string,
  target: { publisherId: string; nodeId: string },
  now: Date,
): Promise<'ok' | 'invalid' | 'expired'> {
  if (looksLikeToken(token)) return personalTokenReads(db, token, target.publisherId, now);
  if (token.startsWith(CREDENTIAL_PREFIX)) return credentialReads(db, token, target.publisherId, target.nodeId, now);
  return 'invalid';
}
