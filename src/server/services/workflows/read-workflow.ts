import { findLabelledJson } from './embedded-json.ts';
import { MAX_CLASSES, MAX_JSON_BYTES } from './limits.ts';
import { isPng, readPngText } from './png-text.ts';
import { isWebp, readWebpMetadataText } from './webp-metadata.ts';
import { readWorkflowClasses, type WorkflowClasses } from './workflow-classes.ts';
import { WorkflowInputError } from './workflow-input-error.ts';

const notAWorkflow = () =>
  new WorkflowInputError(
    400,
    'not_a_workflow',
    'This JSON is not a ComfyUI workflow: expected the UI format (an object with a "nodes" list) or the API ' +
      'format (an object of nodes with "class_type").',
  );

const noWorkflowInImage = (kind: string) =>
  new WorkflowInputError(
    400,
    'no_workflow_in_image',
    `This ${kind} image carries no ComfyUI workflow ("workflow" or "prompt" metadata).`,
  );

function parseJson(text: string): unknown {
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) {
    throw new WorkflowInputError(
      413,
      'workflow_too_large',
      `The workflow JSON is larger than ${MAX_JSON_BYTES} bytes.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new WorkflowInputError(400, 'invalid_json', 'The workflow is not valid JSON.');
  }
}

function classesOf(value: unknown): WorkflowClasses {
  const classes = readWorkflowClasses(value);
  if (!classes) throw notAWorkflow();
  if (classes.classes.size > MAX_CLASSES) {
    throw new WorkflowInputError(400, 'too_many_classes', `The workflow uses more than ${MAX_CLASSES} node types.`);
  }
  return classes;
}

/** The first embedded text that parses as a workflow; the UI `workflow` comes first (it also lists muted nodes). */
function firstWorkflow(candidates: (string | undefined)[], kind: string): WorkflowClasses {
  const texts = candidates.filter((text): text is string => text !== undefined);
  if (texts.length === 0) throw noWorkflowInImage(kind);
  let lastError: WorkflowInputError = noWorkflowInImage(kind);
  for (const text of texts) {
    try {
      return classesOf(parseJson(text));
    } catch (error) {
      if (!(error instanceof WorkflowInputError) || error.status === 413) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export function readPngWorkflow(bytes: Uint8Array): WorkflowClasses {
  const texts = readPngText(bytes, MAX_JSON_BYTES);
  return firstWorkflow([texts.get('workflow'), texts.get('prompt')], 'PNG');
}

export function readWebpWorkflow(bytes: Uint8Array): WorkflowClasses {
  const texts = readWebpMetadataText(bytes);
  const find = (label: string) => texts.map((text) => findLabelledJson(text, label)).find((json) => json !== undefined);
  return firstWorkflow([find('workflow'), find('prompt')], 'WebP');
}

export function readJsonWorkflow(text: string): WorkflowClasses {
  return classesOf(parseJson(text));
}

/**
 * A workflow from a file's bytes, whatever it is: PNG and WebP by their signatures, anything else as
 * JSON text (a UTF-8 byte order mark is tolerated).
 */
export function readWorkflowFile(bytes: Uint8Array): WorkflowClasses {
  if (isPng(bytes)) return readPngWorkflow(bytes);
  if (isWebp(bytes)) return readWebpWorkflow(bytes);
  if (bytes.length > MAX_JSON_BYTES) {
    throw new WorkflowInputError(
      413,
      'workflow_too_large',
      `The workflow JSON is larger than ${MAX_JSON_BYTES} bytes.`,
    );
  }
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  return readJsonWorkflow(text);
}
