// The review queue's shapes, generated from docs/openapi.json (see src/lib/api/types.ts).
import type { ApiSchema } from '../../lib/api/types.ts';

export type QueuePage = ApiSchema<'ReviewQueuePage'>;
export type QueueItem = ApiSchema<'ReviewQueueItem'>;
export type QueueFinding = QueueItem['files'][number]['findings'][number];

export type Decision = ApiSchema<'AdminBatchReviewRequest'>['action'];
