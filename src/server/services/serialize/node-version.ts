import type { NodeVersionRow } from '../../db/rows.ts';
import type { AppConfig } from '../../app-deps.ts';
import type { ProvenanceBrief } from '../trusted-publishing/provenance-summaries.ts';
import { omitNullish } from './omit-empty.ts';

/** Where a version's zip is served: our own API, which checks the version may be downloaded. */
export function archiveDownloadUrl(config: AppConfig, nodeId: string, version: string): string {
  return `${config.apiPublicUrl}/archives/${encodeURIComponent(nodeId)}/${encodeURIComponent(version)}/node.zip`;
}

export function toApiNodeVersion(
  row: NodeVersionRow,
  options: {
    config: AppConfig;
    hasArchive: boolean;
    /** The accepted archive's sha256 (shown only with a downloadUrl). */
    sha256?: string | null;
    includeStatusReason?: boolean;
    /** How it was published (loadProvenanceBriefs); absent when unknown or not loaded by this route. */
    provenance?: ProvenanceBrief | null | undefined;
  },
) {
  return omitNullish({
    id: row.id,
    version: row.version,
    node_id: row.nodeId,
    createdAt: row.createdAt.toISOString(),
    changelog: row.changelog,
    dependencies: row.dependencies,
    deprecated: row.deprecated,
    deprecation_message: row.deprecated && row.deprecationMessage ? row.deprecationMessage : undefined,
    // Nodeyard additions (issue 29): a yanked version is installable only by exact version.
    yanked: row.yankedAt !== null,
    yanked_reason: row.yankedAt !== null ? row.yankedReason : undefined,
    yanked_at: row.yankedAt?.toISOString(),
    // Issue 30.5: reports quarantined it; not installable at all until an admin decides.
    quarantined: row.quarantinedAt !== null,
    quarantined_at: row.quarantinedAt?.toISOString(),
    // Issue 28.6: absent keys, never null, inside too (Python clients crash on null).
    provenance: options.provenance ? omitNullish(options.provenance) : undefined,
    status: row.status,
    status_reason: options.includeStatusReason === false ? undefined : row.statusReason,
    tags: row.tags,
    tags_admin: row.tagsAdmin,
    supported_os: row.supportedOs,
    supported_accelerators: row.supportedAccelerators,
    supported_comfyui_version: row.supportedComfyuiVersion,
    supported_comfyui_frontend_version: row.supportedComfyuiFrontendVersion,
    comfy_node_extract_status: row.comfyNodeExtractStatus,
    downloadUrl: options.hasArchive ? archiveDownloadUrl(options.config, row.nodeId, row.version) : undefined,
    sha256: options.hasArchive ? options.sha256 : undefined,
  });
}

export type ApiNodeVersion = ReturnType<typeof toApiNodeVersion>;
