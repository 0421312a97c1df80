import { readMultipartFile } from './multipart-file.ts';
import { readJsonWorkflow, readPngWorkflow, readWebpWorkflow, readWorkflowFile } from './read-workflow.ts';
import type { WorkflowClasses } from './workflow-classes.ts';

/** How a request body is to be read: by its declared media type, or sniffed (`file`). */
export type WorkflowInputKind = 'json' | 'png' | 'webp' | 'file' | 'multipart';

export interface WorkflowInput {
  kind: WorkflowInputKind;
  /** The body, already held to its size limit. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The request's Content-Type as sent (a multipart boundary is case-sensitive). */
  contentType: string;
}

/** The workflow in a request body, or a WorkflowInputError saying why it cannot be read. */
export async function readWorkflowInput({ kind, bytes, contentType }: WorkflowInput): Promise<WorkflowClasses> {
  switch (kind) {
    case 'json':
      return readJsonWorkflow(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''));
    case 'png':
      return readPngWorkflow(bytes);
    case 'webp':
      return readWebpWorkflow(bytes);
    case 'file':
      return readWorkflowFile(bytes);
    case 'multipart':
      return readWorkflowFile(await readMultipartFile(bytes, contentType));
  }
}
