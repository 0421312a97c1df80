import type { WorkflowInput } from '../read-workflow-input.ts';
import type { WorkflowClasses } from '../workflow-classes.ts';
import type { WorkflowInputError } from '../workflow-input-error.ts';

// Messages between the server and a workflow reader thread (reader-pool.ts ⇄ read-thread-entry.ts).

export type ReadRequest = WorkflowInput;

export type ReadReply =
  | { ok: true; workflow: WorkflowClasses }
  /** The input cannot be read: the WorkflowInputError's fields, to rebuild it on the other side. */
  | { ok: false; input: Pick<WorkflowInputError, 'status' | 'code' | 'message'> }
  /** Anything else went wrong (a bug): its message. */
  | { ok: false; error: string };
