// Reads the node types a ComfyUI workflow uses, from either of its JSON formats:
// - UI format (what "Save" writes and images embed as `workflow`): `nodes[].type`, plus the nodes of
//   subgraph definitions (`definitions.subgraphs[].nodes`) and of legacy group nodes (`extra.groupNodes`);
// - API format (what "Export (API)" writes and images embed as `prompt`): `{ "<id>": { class_type } }`.
// The ComfyUI /prompt request body (`{ prompt, extra_data: { extra_pnginfo: { workflow } } }`) is accepted too.

/** A class the workflow uses, with what the workflow itself says about where it came from. */
export interface UsedClass {
  name: string;
  /** Registry ids the workflow's nodes name in `properties.cnr_id` for this class (newer frontends save them). */
  packHints: Set<string>;
}

export interface WorkflowClasses {
  format: 'ui' | 'api';
  /** Distinct node types, in order of first appearance. */
  classes: Map<string, UsedClass>;
  /** Ids of subgraphs the workflow defines: nodes typed with them are subgraph instances. */
  subgraphIds: Set<string>;
  /** The ComfyUI version the workflow was saved with, when its core nodes record one (`cnr_id: comfy-core`). */
  comfyVersion?: string;
}

/** Longer type names are not ComfyUI classes; refusing them keeps hostile input out of the query. */
const MAX_CLASS_NAME = 256;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function addClass(into: WorkflowClasses, name: unknown, properties?: unknown) {
  if (typeof name !== 'string') return;
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > MAX_CLASS_NAME) return;
  let used = into.classes.get(trimmed);
  if (!used) {
    used = { name: trimmed, packHints: new Set() };
    into.classes.set(trimmed, used);
  }
  if (!isObject(properties)) return;
  const cnrId = properties['cnr_id'];
  if (typeof cnrId !== 'string' || !cnrId.trim()) return;
  if (cnrId === 'comfy-core') {
    const version = properties['ver'];
    if (typeof version === 'string' && !into.comfyVersion) into.comfyVersion = version;
  } else {
    used.packHints.add(cnrId.trim());
  }
}

function addUiNodes(into: WorkflowClasses, nodes: unknown) {
  if (!Array.isArray(nodes)) return;
  for (const node of nodes) if (isObject(node)) addClass(into, node['type'], node['properties']);
}

function isUiWorkflow(value: Json): boolean {
  return Array.isArray(value['nodes']) && (value['nodes'] as unknown[]).every((node) => isObject(node));
}

function isApiWorkflow(value: Json): boolean {
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((entry) => isObject(entry) && typeof entry['class_type'] === 'string');
}

function readUi(value: Json): WorkflowClasses {
  const out: WorkflowClasses = { format: 'ui', classes: new Map(), subgraphIds: new Set() };
  addUiNodes(out, value['nodes']);
  const definitions = value['definitions'];
  const subgraphs = isObject(definitions) ? definitions['subgraphs'] : undefined;
  if (Array.isArray(subgraphs)) {
    for (const subgraph of subgraphs) {
      if (!isObject(subgraph)) continue;
      if (typeof subgraph['id'] === 'string') out.subgraphIds.add(subgraph['id']);
      addUiNodes(out, subgraph['nodes']);
    }
  }
  const extra = value['extra'];
  const groupNodes = isObject(extra) ? extra['groupNodes'] : undefined;
  if (isObject(groupNodes)) {
    for (const group of Object.values(groupNodes)) if (isObject(group)) addUiNodes(out, group['nodes']);
  }
  return out;
}

function readApi(value: Json): WorkflowClasses {
  const out: WorkflowClasses = { format: 'api', classes: new Map(), subgraphIds: new Set() };
  for (const entry of Object.values(value)) addClass(out, (entry as Json)['class_type']);
  return out;
}

/** The classes of a workflow, or undefined when the value is neither format. */
export function readWorkflowClasses(value: unknown): WorkflowClasses | undefined {
  if (!isObject(value)) return undefined;
  if (isUiWorkflow(value)) return readUi(value);
  if (isApiWorkflow(value)) return readApi(value);
  // A /prompt request body: prefer the UI workflow (it also lists muted and bypassed nodes).
  const extraData = value['extra_data'];
  const pngInfo = isObject(extraData) ? extraData['extra_pnginfo'] : undefined;
  const workflow = isObject(pngInfo) ? pngInfo['workflow'] : undefined;
  if (isObject(workflow) && isUiWorkflow(workflow)) return readUi(workflow);
  const prompt = value['prompt'];
  if (isObject(prompt) && isApiWorkflow(prompt)) return readApi(prompt);
  return undefined;
}
