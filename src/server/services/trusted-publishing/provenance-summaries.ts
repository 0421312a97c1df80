import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { auditLog, nodeVersions, versionProvenance } from '../../db/schema/index.ts';
import { workflowFile } from './oidc-claims.ts';

/**
 * How a version was published, in the compact shape version lists and the index carry (the signed
 * statement stays on GET /nodes/{id}/versions/{v}/provenance). The source fields are null unless it
 * came through trusted publishing.
 */
// A type, not an interface: omitNullish needs an object type with known keys.
export type ProvenanceBrief = {
  /** load-provenance.ts's PublishedWith without 'unknown' (not imported: it would close an import cycle). */
  published_with: 'trusted_publishing' | 'personal_access_token' | 'dashboard_upload';
  repository: string | null;
  commit: string | null;
  ref: string | null;
  /** The workflow file's name (publish.yml), as the node page shows it. */
  workflow: string | null;
  run_id: string | null;
};

// The publish audit row says how a version without a provenance row came in, by its actor's kind alone: a
// token ('token'; a trusted publish is one too, but has its provenance row) or a signed-in owner's upload
// from the dashboard ('user'). Never its `after` (the whole node and version): reading that for every
// version made the index's read half as slow again (bench:version-provenance).
const auditedWith = sql<string | null>`(
  select case ${auditLog.actorKind} when 'token' then 'personal_access_token' when 'user' then 'dashboard_upload' end
  from ${auditLog}
  where ${auditLog.targetType} = 'node_version' and ${auditLog.action} = 'node_version.publish'
    and ${auditLog.targetId} = ${nodeVersions.id}::text
  order by ${auditLog.id} desc limit 1)`;

/** What toBrief needs, selected beside node_versions left-joined to version_provenance (index-rows.ts too). */
export const provenanceColumns = {
  repository: versionProvenance.repository,
  commit: versionProvenance.commitSha,
  ref: versionProvenance.ref,
  workflowRef: versionProvenance.workflowRef,
  runId: versionProvenance.runId,
  auditedWith,
};

const briefsOf = (db: Db, where: SQL) =>
  db
    .select({ id: nodeVersions.id, ...provenanceColumns })
    .from(nodeVersions)
    .leftJoin(versionProvenance, eq(versionProvenance.nodeVersionId, nodeVersions.id))
    .where(where);

// One version (every install) is the common case: built once (db/prepared.ts).
const oneBriefStatement = preparedPerDb((db) =>
  briefsOf(db, eq(nodeVersions.id, sql.placeholder('id'))).prepare('provenance_brief'),
);

/**
 * The provenance of a page of versions in ONE query (lists must not ask per version). Versions of
 * unknown origin (imported ones) are absent from the map.
 */
export async function loadProvenanceBriefs(
  db: Db,
  versionIds: readonly string[],
): Promise<Map<string, ProvenanceBrief>> {
  const briefs = new Map<string, ProvenanceBrief>();
  if (versionIds.length === 0) return briefs;
  const ids = [...new Set(versionIds)];
  const rows =
    ids.length === 1
      ? await oneBriefStatement(db).execute({ id: ids[0]! })
      : await briefsOf(db, inArray(nodeVersions.id, ids));
  for (const row of rows) {
    const brief = toBrief(row);
    if (brief) briefs.set(row.id, brief);
  }
  return briefs;
}

export function toBrief(row: {
  repository: string | null;
  commit: string | null;
  ref: string | null;
  workflowRef: string | null;
  runId: string | null;
  auditedWith: string | null;
}): ProvenanceBrief | null {
  if (row.repository !== null && row.workflowRef !== null) {
    return {
      published_with: 'trusted_publishing',
      repository: row.repository,
      commit: row.commit,
      ref: row.ref,
      workflow: workflowFile(row.workflowRef),
      run_id: row.runId,
    };
  }
  const via =
    row.auditedWith === 'personal_access_token' || row.auditedWith === 'dashboard_upload' ? row.auditedWith : null;
  if (!via) return null;
  return { published_with: via, repository: null, commit: null, ref: null, workflow: null, run_id: null };
}
