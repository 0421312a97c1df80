import type { WorkflowRunStatus } from '../../db/schema/index.ts';

// How several results of one commit add up to one status: any failure wins, then anything still
// running, and only all-completed is a pass.
const RANK: Record<WorkflowRunStatus, number> = {
  WorkflowRunStatusFailed: 3,
  WorkflowRunStatusStarted: 2,
  WorkflowRunStatusCompleted: 1,
};

export function combineStatuses(statuses: Iterable<WorkflowRunStatus>): WorkflowRunStatus | undefined {
  let worst: WorkflowRunStatus | undefined;
  for (const status of statuses) if (!worst || RANK[status] > RANK[worst]) worst = status;
  return worst;
}

/** `{key: status}` for rows grouped by `keyOf` (e.g. the operating system). */
export function summarizeBy<T extends { status: WorkflowRunStatus }>(
  rows: readonly T[],
  keyOf: (row: T) => string,
): Record<string, WorkflowRunStatus> {
  const groups = new Map<string, WorkflowRunStatus[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row.status]);
  }
  return Object.fromEntries([...groups].map(([key, statuses]) => [key, combineStatuses(statuses)!]));
}
