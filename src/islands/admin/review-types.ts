// The review queue's shapes, generated from docs/openapi.json (see src/lib/api/types.ts).
import type { ApiSchema } from '../../lib/api/types.ts';

export type QueuePage = ApiSchema<'ReviewQueuePage'>;
export type QueueItem = ApiSchema<'ReviewQueueItem'>;
export type QueueFinding = QueueItem['files'][number]['findings'][number];

export type Decision = ApiSchema<'AdminBatchReviewRequest'>['action'];

/** Whether the scanner found anything critical in a queued version (approving it then asks for a reason). */
export function hasCriticalFindings(item: QueueItem): boolean {
  return item.files.some((file) => file.findings.some((finding) => finding.severity === 'critical'));
}

/** How toasts and dialogs name a queued version: the pack's name and the version number. */
export function versionLabel(item: QueueItem): { name: string; version: string } {
  return { name: item.node.name || item.node.id, version: item.version.version };
}
