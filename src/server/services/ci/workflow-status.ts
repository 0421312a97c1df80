import type { WorkflowRunStatus } from '../../db/schema/index.ts';

export type { WorkflowRunStatus };

/** Every WorkflowRunStatus, in the contract's order (for zod enums and documentation). */
export const WORKFLOW_RUN_STATUSES = [
  'WorkflowRunStatusStarted',
  'WorkflowRunStatusFailed',
  'WorkflowRunStatusCompleted',
] as const satisfies readonly WorkflowRunStatus[];
