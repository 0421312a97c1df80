// Every read the admin screens show. A moderation write can move a row between any of them (a ban
// changes the node list, the audit log, the overview's counts, the queues), so each admin write
// marks them all stale; only the screen on show refetches.
import { apiKey, type ApiQueryKey } from '../../lib/query/keys.ts';

export const ADMIN_READS: readonly ApiQueryKey[] = [
  apiKey('/admin/overview'),
  apiKey('/admin/review-queue'),
  apiKey('/admin/reports'),
  apiKey('/admin/ban-appeals'),
  apiKey('/admin/nodes'),
  apiKey('/admin/publishers'),
  apiKey('/admin/users'),
  apiKey('/admin/audit-log'),
  apiKey('/nodes/{nodeId}/versions'),
  apiKey('/advisories'),
];
