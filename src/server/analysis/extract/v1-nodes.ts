import { callValue, classAttr, getAttribute } from './builtins.ts';
import type { Interpreter } from './interpreter.ts';
import { emptyNode, type ExtractedNode } from './node-info.ts';
import { asText, toJson, truthy, type Value } from './values.ts';

// Classic nodes: a NODE_CLASS_MAPPINGS entry whose class carries CATEGORY, FUNCTION, RETURN_TYPES…
// as class attributes (inherited from the pack's own base classes) and INPUT_TYPES as a classmethod.

const jsonText = (value: Value | undefined) => (value && value.k !== 'unknown' ? JSON.stringify(toJson(value)) : null);
const text = (value: Value | undefined) => (value ? asText(value) : null);
const flag = (value: Value | undefined) => (value ? truthy(value) === true : false);

function inputTypes(interp: Interpreter, cls: Value): string | null {
  if (cls.k !== 'class') return null;
  const raw = classAttr(cls.cls, 'INPUT_TYPES');
  if (raw?.k !== 'func') return null;
  // Normally a classmethod; a plain def is still called with the class as its first argument.
  const method = raw.fn.kind === 'function' ? { ...raw, self: cls } : getAttribute(interp, cls, 'INPUT_TYPES');
  const result = callValue(interp, method, [], new Map(), 'INPUT_TYPES');
  return result.k === 'dict' ? JSON.stringify(toJson(result)) : null;
}

export function describeV1Node(
  interp: Interpreter,
  name: string,
  value: Value,
  displayName: string | null,
): ExtractedNode {
  const node = emptyNode(name);
  node.displayName = displayName;
  if (value.k !== 'class') return node;
  const attr = (key: string) => classAttr(value.cls, key);
  node.category = text(attr('CATEGORY'));
  node.function = text(attr('FUNCTION'));
  node.description = text(attr('DESCRIPTION'));
  node.returnTypes = jsonText(attr('RETURN_TYPES'));
  node.returnNames = jsonText(attr('RETURN_NAMES'));
  const outputIsList = attr('OUTPUT_IS_LIST');
  node.outputIsList = outputIsList?.k === 'list' ? outputIsList.items.map((item) => truthy(item) === true) : [];
  node.deprecated = flag(attr('DEPRECATED'));
  node.experimental = flag(attr('EXPERIMENTAL'));
  try {
    node.inputTypes = inputTypes(interp, value);
  } catch {
    // A budget overrun (or anything odd) inside one INPUT_TYPES must not lose the node itself.
    node.inputTypes = null;
  }
  return node;
}
