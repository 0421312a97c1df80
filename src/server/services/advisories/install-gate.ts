import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors.ts';
import { advisoriesOfPackVersion } from './query-advisories.ts';

/** Names the active advisories of the version an install or download serves, comma-separated (absent when none). */
export const ADVISORIES_HEADER = 'Nodeyard-Advisories';

/**
 * What the install endpoints do about advisories for the version they are about to serve: a malware advisory
 * refuses it (403 `advisory_blocked`, naming the advisories so the client can show them); otherwise the ids of any
 * other advisories, for the header. Clients that read no body (comfy-cli, cm-cli) still fail on the 403.
 */
export async function checkInstallAdvisories(db: Db, packId: string, version: string): Promise<string | null> {
  const found = await advisoriesOfPackVersion(db, packId, version);
  if (found.length === 0) return null;
  const ids = found.map((advisory) => advisory.id).join(', ');
  if (found.some((advisory) => advisory.kind === 'malware')) {
    throw forbidden(
      `Version ${version} of node ${packId} is malware according to advisory ${ids}: it cannot be installed.`,
      'advisory_blocked',
    );
  }
  return ids;
}
