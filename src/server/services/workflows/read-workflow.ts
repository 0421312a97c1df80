import { findLabelledJson } from './embedded-json.ts';
import { MAX_CLASSES, MAX_JSON_BYTES, METADATA_SCAN_STEPS } from './limits.ts';
import { isPng, readPngText, type PngTextStats } from './png-text.ts';
import { isWebp, readWebpMetadataText } from './webp-metadata.ts';
import { WorkBudget } from './work-budget.ts';
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

/**
 * Reads embedded texts in order of preference: the UI `workflow` first (it also lists muted nodes),
 * then the API `prompt`. Each text is parsed at most once; a text that is no workflow is remembered
 * and the next one tried; a 413 ends the search.
 */
class FirstWorkflow {
  #lastError: WorkflowInputError;

  constructor(kind: string) {
    this.#lastError = noWorkflowInImage(kind);
  }

  /** The workflow in `text`, or undefined (the reason kept for `fail`). */
  attempt(text: string | undefined): WorkflowClasses | undefined {
    if (text === undefined) return undefined;
    try {
      return classesOf(parseJson(text));
    } catch (error) {
      if (!(error instanceof WorkflowInputError) || error.status === 413) throw error;
      this.#lastError = error;
      return undefined;
    }
  }

  fail(): never {
    throw this.#lastError;
  }
}

/**
 * The workflow of a PNG. Walks its text chunks once and stops at the `workflow` chunk that holds one:
 * ComfyUI writes `prompt` first, so a `prompt` is kept until the end in case no good `workflow` comes.
 */
export function readPngWorkflow(
  bytes: Uint8Array,
  stats: PngTextStats = { textChunks: 0, textBytes: 0 },
): WorkflowClasses {
  const first = new FirstWorkflow('PNG');
  let prompt: string | undefined;
  for (const [keyword, text] of readPngText(bytes, ['workflow', 'prompt'], stats)) {
    if (keyword === 'prompt') prompt = text;
    else {
      const workflow = first.attempt(text);
      if (workflow) return workflow;
    }
  }
  return first.attempt(prompt) ?? first.fail();
}

/** The budget of one search of WebP metadata: past `steps`, a 413. */
export const metadataScanBudget = (steps = METADATA_SCAN_STEPS) =>
  new WorkBudget(
    steps,
    () =>
      new WorkflowInputError(
        413,
        'workflow_too_large',
        `Searching the image metadata for a workflow took more than ${steps} steps.`,
      ),
  );

/** The workflow of a WebP, searched in its metadata text; `budget` bounds (and records) the search. */
export function readWebpWorkflow(bytes: Uint8Array, budget = metadataScanBudget()): WorkflowClasses {
  const texts = readWebpMetadataText(bytes);
  const first = new FirstWorkflow('WebP');
  for (const label of ['workflow', 'prompt']) {
    for (const text of texts) {
      const json = findLabelledJson(text, label, budget);
      if (json === undefined) continue;
      // The first labelled object is the label's candidate, as ComfyUI writes one of each.
      const workflow = first.attempt(json);
      if (workflow) return workflow;
      break;
    }
  }
  return first.fail();
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
