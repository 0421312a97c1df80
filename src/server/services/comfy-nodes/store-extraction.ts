import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { comfyNodes, nodeVersions } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import { lockVersion, replaceCollisions, touchNode } from '../moderation/store-analysis.ts';
import { findNode } from '../nodes/find-node.ts';
import { findVersionByRef } from '../versions/lookup-version.ts';

// Results of an external extraction service (upstream: a Cloud Build job that imports the pack and
// posts NODE_CLASS_MAPPINGS here). Stored like the in-process pipeline's own extraction.

/** The writable fields of one node class (the contract's ComfyNode without its name). */
export interface ComfyNodeFields {
  category?: string | undefined;
  description?: string | undefined;
  input_types?: string | undefined;
  deprecated?: boolean | undefined;
  experimental?: boolean | undefined;
  output_is_list?: boolean[] | undefined;
  return_names?: string | undefined;
  return_types?: string | undefined;
  function?: string | undefined;
}

export interface ExtractionResult {
  /** false: the extraction failed; the version is marked so and no classes are stored. */
  success?: boolean | undefined;
  status?: string | undefined;
  reason?: string | undefined;
  cloud_build_info?: Record<string, unknown> | undefined;
  /** Class key → its definition. */
  nodes?: Record<string, ComfyNodeFields> | undefined;
}

const CHUNK = 500;

/** The version (any status but Deleted) of a node (any status but Deleted), locked for the transaction. */
async function lockTargetVersion(tx: Db, nodeId: string, versionRef: string): Promise<NodeVersionRow> {
  const node = await findNode(tx, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${nodeId}" not found.`);
  const found = await findVersionByRef(tx, node.id, versionRef);
  const version = found ? await lockVersion(tx, found.version.id) : undefined;
  if (!version || version.status === 'NodeVersionStatusDeleted') {
    throw notFound(`Version "${versionRef}" of node "${node.id}" not found.`);
  }
  return version;
}

/** Column values for a class from its API fields (only the fields given). */
export function columnsOf(fields: ComfyNodeFields) {
  const columns: Partial<typeof comfyNodes.$inferInsert> = {};
  if (fields.category !== undefined) columns.category = fields.category;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.input_types !== undefined) columns.inputTypes = fields.input_types;
  if (fields.deprecated !== undefined) columns.deprecated = fields.deprecated;
  if (fields.experimental !== undefined) columns.experimental = fields.experimental;
  if (fields.output_is_list !== undefined) columns.outputIsList = fields.output_is_list;
  if (fields.return_names !== undefined) columns.returnNames = fields.return_names;
  if (fields.return_types !== undefined) columns.returnTypes = fields.return_types;
  if (fields.function !== undefined) columns.function = fields.function;
  return columns;
}

/**
 * Stores an extraction result for a version, in one transaction: 404 for an unknown node or version,
 * 409 when the version already has classes (from an earlier post or our own pipeline), 400 for a
 * successful result without `nodes` (upstream panics there). `success: false` marks it failed.
 */
export async function storeExtraction(
  db: Db,
  input: { nodeId: string; versionRef: string; result: ExtractionResult; actor: AuditActor; caller: string; now: Date },
): Promise<void> {
  const { result } = input;
  const failed = result.success === false;
  if (!failed && !result.nodes) {
    throw badRequest(
      'A successful extraction result needs `nodes` (class key → definition); send success: false otherwise.',
    );
  }
  await db.transaction(async (tx) => {
    const version = await lockTargetVersion(tx, input.nodeId, input.versionRef);
    const [existing] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(comfyNodes)
      .where(eq(comfyNodes.nodeVersionId, version.id));
    if ((existing?.count ?? 0) > 0) {
      throw conflict(
        `Version ${version.version} of node "${version.nodeId}" already has node classes.`,
        'comfy_nodes_exist',
      );
    }
    const entries = failed ? [] : Object.entries(result.nodes ?? {});
    for (let i = 0; i < entries.length; i += CHUNK) {
      await tx
        .insert(comfyNodes)
        .values(
          entries
            .slice(i, i + CHUNK)
            .map(([name, fields]) => ({ ...columnsOf(fields), name, nodeVersionId: version.id })),
        );
    }
    const collisions = failed
      ? 0
      : await replaceCollisions(
          tx,
          version,
          entries.map(([name]) => name),
        );
    const status = failed ? 'failed' : 'success';
    await tx
      .update(nodeVersions)
      .set({ comfyNodeExtractStatus: status, updatedAt: input.now })
      .where(eq(nodeVersions.id, version.id));
    await touchNode(tx, version.nodeId);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'node_version.comfy_nodes_posted',
      targetType: 'node_version',
      targetId: version.id,
      before: { comfyNodeExtractStatus: version.comfyNodeExtractStatus },
      after: {
        comfyNodeExtractStatus: status,
        comfyNodes: entries.length,
        collisions,
        caller: input.caller,
        ...(result.reason ? { reason: result.reason } : {}),
        ...(result.cloud_build_info ? { cloudBuildInfo: result.cloud_build_info } : {}),
      },
    });
  });
}

/** Changes the given fields of one stored class; 404 when the version has no class of that name. */
export async function updateComfyNode(
  db: Db,
  input: {
    nodeId: string;
    versionRef: string;
    name: string;
    fields: ComfyNodeFields;
    actor: AuditActor;
    caller: string;
    now: Date;
  },
) {
  return db.transaction(async (tx) => {
    const version = await lockTargetVersion(tx, input.nodeId, input.versionRef);
    const where = and(eq(comfyNodes.nodeVersionId, version.id), eq(comfyNodes.name, input.name));
    const [before] = await tx.select().from(comfyNodes).where(where);
    if (!before) throw notFound(`Version ${version.version} of node "${version.nodeId}" defines no "${input.name}".`);
    const [after] = await tx
      .update(comfyNodes)
      .set({ ...columnsOf(input.fields), updatedAt: input.now })
      .where(where)
      .returning();
    await touchNode(tx, version.nodeId);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'comfy_node.update',
      targetType: 'comfy_node',
      targetId: before.id,
      before,
      after: { ...after, caller: input.caller },
    });
    return after!;
  });
}
