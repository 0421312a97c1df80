import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { nodeVersions } from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';

/** Install and download refuse a quarantined version, exact pins included: 403 `quarantined`. */
export function refuseQuarantined(version: Pick<NodeVersionRow, 'quarantinedAt' | 'version'>, nodeId: string): void {
  if (!version.quarantinedAt) return;
  throw forbidden(
    `Version ${version.version} of node "${nodeId}" is quarantined after reports and cannot be installed until an ` +
      'administrator reviews it.',
    'quarantined',
  );
}

/** The node's quarantined Active version (the most recently quarantined one), if any. */
export async function quarantinedVersionOf(db: Db, nodeId: string): Promise<NodeVersionRow | null> {
  const [row] = await db
    .select()
    .from(nodeVersions)
    .where(
      and(
        eq(nodeVersions.nodeId, nodeId),
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
        isNotNull(nodeVersions.quarantinedAt),
      ),
    )
    .orderBy(desc(nodeVersions.quarantinedAt))
    .limit(1);
  return row ?? null;
}
