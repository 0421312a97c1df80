// Audit action names of advisories (target type 'advisory', target id the NYSA id).
export const ADVISORY_ACTIONS = {
  create: 'advisory.create',
  update: 'advisory.update',
  withdraw: 'advisory.withdraw',
  /** Published from a malware ban in one step (from-ban.ts); `after.from_ban` names the ban. */
  fromBan: 'advisory.from_ban',
  /** Created or updated by `npm run advisories -- import-osv` (actor kind 'system'). */
  import: 'advisory.import',
} as const;
