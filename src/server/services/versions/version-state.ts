import type { NodeVersionRow } from '../../db/rows.ts';
import type { NodeVersionStatus, nodeVersions } from '../../db/schema/index.ts';

/** What an admin may change on a version, in API naming (see nodes/node-state.ts for why). */
export interface VersionAdminState {
  status: NodeVersionStatus;
  status_reason: string;
  supported_os: string[];
  supported_accelerators: string[];
  supported_comfyui_version: string | null;
  supported_comfyui_frontend_version: string | null;
}

export type VersionAdminChanges = Partial<VersionAdminState>;

export function versionAdminState(row: NodeVersionRow): VersionAdminState {
  return {
    status: row.status,
    status_reason: row.statusReason,
    supported_os: row.supportedOs,
    supported_accelerators: row.supportedAccelerators,
    supported_comfyui_version: row.supportedComfyuiVersion,
    supported_comfyui_frontend_version: row.supportedComfyuiFrontendVersion,
  };
}

export function toVersionAdminColumns(changes: VersionAdminChanges): Partial<typeof nodeVersions.$inferInsert> {
  const columns: Partial<typeof nodeVersions.$inferInsert> = {};
  if (changes.status !== undefined) columns.status = changes.status;
  if (changes.status_reason !== undefined) columns.statusReason = changes.status_reason;
  if (changes.supported_os !== undefined) columns.supportedOs = changes.supported_os;
  if (changes.supported_accelerators !== undefined) columns.supportedAccelerators = changes.supported_accelerators;
  if (changes.supported_comfyui_version !== undefined) {
    columns.supportedComfyuiVersion = changes.supported_comfyui_version;
  }
  if (changes.supported_comfyui_frontend_version !== undefined) {
    columns.supportedComfyuiFrontendVersion = changes.supported_comfyui_frontend_version;
  }
  return columns;
}
