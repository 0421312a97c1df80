// Audit action names of the admin area. Undo (undo.ts) knows how to reverse each of UNDOABLE.

export const ADMIN_ACTIONS = {
  nodeReserve: 'node.reserve',
  nodeAdminUpdate: 'node.admin_update',
  nodeBan: 'node.ban',
  nodeUnban: 'node.unban',
  versionReview: 'version.review',
  publisherBan: 'publisher.ban',
  publisherUnban: 'publisher.unban',
  userAdminUpdate: 'user.admin_update',
  undo: 'audit.undo',
} as const;

export const UNDOABLE_ACTIONS: ReadonlySet<string> = new Set([
  ADMIN_ACTIONS.nodeAdminUpdate,
  ADMIN_ACTIONS.nodeBan,
  ADMIN_ACTIONS.nodeUnban,
  ADMIN_ACTIONS.versionReview,
  ADMIN_ACTIONS.publisherBan,
  ADMIN_ACTIONS.publisherUnban,
  ADMIN_ACTIONS.userAdminUpdate,
  // A yank and its reversal (services/versions/yank.ts): undo applies the other one.
  'version.yank',
  'version.unyank',
  // A report's decision: undoing it opens the report again (services/reports/resolve-report.ts).
  'report.resolve',
  'report.dismiss',
  // An admin's decision on a quarantined version (services/quarantine/): undo quarantines it again.
  'version.quarantine_release',
  'version.quarantine_ban',
]);

/** Extra fields an admin write adds to its audit row's `after`. */
export interface AuditExtras {
  /** Set when the write undoes audit entry N (the undo is itself an audit row). */
  undo_of?: number;
  /** Shared by the rows of one batch review. */
  batch_id?: string;
  reason?: string;
}
