import { callValue, derivesFrom, getAttribute, iterate } from './builtins.ts';
import type { Interpreter } from './interpreter.ts';
import { emptyNode, type ExtractedNode } from './node-info.ts';
import { asText, toJson, truthy, type Json, type ModuleScope, type Value } from './values.ts';

// Class-based nodes (comfy_api `io.ComfyNode`): the module's comfy_entrypoint() returns a
// ComfyExtension whose get_node_list() lists the node classes; each class's define_schema()
// returns io.Schema(node_id=…, category=…, inputs=[io.Int.Input(…)], outputs=[…]).

const NO_ARGS = new Map<string, Value>();

/** `comfy_api.latest.io.ClipVision.Input` → CLIP_VISION (the io type's wire name). */
export function ioTypeName(callee: string): string {
  const parts = callee.split('.');
  const type = parts.at(-2) ?? '*';
  if (type === 'AnyType') return '*';
  return type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

const kw = (call: Value, name: string) => (call.k === 'call' ? call.kwargs.get(name) : undefined);
const textOf = (value: Value | undefined) => (value ? asText(value) : null);

function inputsJson(inputs: Value | undefined): string | null {
  if (!inputs || inputs.k !== 'list') return null;
  const required: Record<string, Json> = {};
  const optional: Record<string, Json> = {};
  for (const input of inputs.items) {
    if (input.k !== 'call') continue;
    const id = textOf(input.args[0]) ?? textOf(input.kwargs.get('id'));
    if (!id) continue;
    const type = ioTypeName(input.callee);
    const options: Record<string, Json> = {};
    for (const [key, value] of input.kwargs) if (key !== 'id' && key !== 'optional') options[key] = toJson(value);
    const choices = input.kwargs.get('options');
    const entry: Json = [type === 'COMBO' && choices?.k === 'list' ? toJson(choices) : type, options];
    (truthy(input.kwargs.get('optional') ?? { k: 'none' }) ? optional : required)[id] = entry;
  }
  return JSON.stringify(Object.keys(optional).length > 0 ? { required, optional } : { required });
}

function describe(interp: Interpreter, cls: Extract<Value, { k: 'class' }>): ExtractedNode | null {
  const schema = callValue(interp, getAttribute(interp, cls, 'define_schema'), [], NO_ARGS, 'define_schema');
  if (schema.k !== 'call') return null;
  const node = emptyNode(textOf(kw(schema, 'node_id')) ?? cls.cls.name);
  node.displayName = textOf(kw(schema, 'display_name'));
  node.category = textOf(kw(schema, 'category'));
  node.description = textOf(kw(schema, 'description'));
  node.inputTypes = inputsJson(kw(schema, 'inputs'));
  const outputs = kw(schema, 'outputs');
  if (outputs?.k === 'list') {
    const calls = outputs.items.filter((item) => item.k === 'call');
    node.returnTypes = JSON.stringify(calls.map((call) => ioTypeName(call.callee)));
    node.returnNames = JSON.stringify(
      calls.map((call) => textOf(call.kwargs.get('display_name')) ?? textOf(call.args[0]) ?? ioTypeName(call.callee)),
    );
    node.outputIsList = calls.map((call) => truthy(call.kwargs.get('is_output_list') ?? { k: 'none' }) === true);
  }
  node.deprecated = truthy(kw(schema, 'is_deprecated') ?? { k: 'none' }) === true;
  node.experimental = truthy(kw(schema, 'is_experimental') ?? { k: 'none' }) === true;
  node.function = 'execute';
  return node;
}

export function extractV3Nodes(interp: Interpreter, root: ModuleScope): ExtractedNode[] {
  const entry = root.vars.get('comfy_entrypoint');
  if (entry?.k !== 'func') return [];
  const extension = callValue(interp, entry, [], NO_ARGS, 'comfy_entrypoint');
  const listed = callValue(interp, getAttribute(interp, extension, 'get_node_list'), [], NO_ARGS, 'get_node_list');
  const out: ExtractedNode[] = [];
  for (const item of iterate(interp, listed) ?? []) {
    if (item.k !== 'class' || !derivesFrom(item.cls, 'ComfyNode')) continue;
    const node = describe(interp, item);
    if (node) out.push(node);
  }
  return out;
}
