import type { Node } from 'web-tree-sitter';
import { stringValue } from '../python/strings.ts';
import type { PythonFacts } from './python-facts.ts';

// Turns a callee expression into the dotted name it really refers to, seeing through the usual
// disguises: import aliases (`import subprocess as sp`), `from os import system as s`,
// `__import__('os').system`, `importlib.import_module('os')`, `getattr(os, 'system')`.

const IMPORTERS = new Set(['__import__', 'importlib.import_module', 'builtins.__import__']);
const MAX_DEPTH = 8;
/** Callee texts that may hand back a module (anything else cannot be an alias of one). */
const MODULE_RETURNING = /(?:__import__|import_module|getattr)$/;

export function literalString(node: Node | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'string') return stringValue(node);
  if (node.type === 'concatenated_string') {
    let out = '';
    for (const part of node.namedChildren) {
      const value = part?.type === 'string' ? stringValue(part) : null;
      if (value === null) return null;
      out += value;
    }
    return out;
  }
  if (node.type === 'parenthesized_expression') return literalString(node.namedChild(0));
  return null;
}

export function positionalArgs(call: Node): Node[] {
  const args = call.childForFieldName('arguments');
  if (!args) return [];
  return args.namedChildren.filter(
    (arg): arg is Node => !!arg && arg.type !== 'keyword_argument' && arg.type !== 'comment',
  );
}

export function keywordArg(call: Node, name: string): Node | null {
  const args = call.childForFieldName('arguments');
  for (const arg of args?.namedChildren ?? []) {
    if (arg?.type === 'keyword_argument' && arg.childForFieldName('name')?.text === name) {
      return arg.childForFieldName('value');
    }
  }
  return null;
}

export class NameResolver {
  private readonly facts: PythonFacts;
  /** Per-name results: a name is resolved once per file, not at every use (the hot path). */
  private readonly names = new Map<string, string>();
  constructor(facts: PythonFacts) {
    this.facts = facts;
  }

  resolve(node: Node | null, depth = 0): string {
    if (!node || depth > MAX_DEPTH) return '?';
    switch (node.type) {
      case 'identifier':
        return this.resolveIdentifier(node.text, depth);
      case 'attribute': {
        const object = this.resolve(node.childForFieldName('object'), depth + 1);
        return `${object}.${node.childForFieldName('attribute')?.text ?? '?'}`;
      }
      case 'parenthesized_expression':
        return this.resolve(node.namedChild(0), depth + 1);
      case 'call':
        return this.resolveCallResult(node, depth);
      default:
        return '?';
    }
  }

  /** The dotted name a call's callee refers to (`sp.run` → `subprocess.run`). */
  callee(call: Node): string {
    return this.resolve(call.childForFieldName('function'));
  }

  private resolveIdentifier(name: string, depth: number): string {
    const alias = this.facts.aliases.get(name);
    if (alias) return alias;
    const known = this.names.get(name);
    if (known !== undefined) return known;
    this.names.set(name, name); // guards against `a = getattr(a, 'x')` cycles
    let result = name;
    // `o = __import__('os')` and friends: a name bound to an imported module. Only calls that can
    // return a module are worth resolving.
    for (const value of this.facts.assigned.get(name) ?? []) {
      if (value.type !== 'call' || !MODULE_RETURNING.test(value.childForFieldName('function')?.text ?? '')) continue;
      const module = this.resolveCallResult(value, depth + 1);
      if (module !== '?') {
        result = module;
        break;
      }
    }
    this.names.set(name, result);
    return result;
  }

  /** What a call evaluates to, when it is an import or a getattr with a literal name. */
  private resolveCallResult(call: Node, depth: number): string {
    const callee = this.resolve(call.childForFieldName('function'), depth + 1);
    const args = positionalArgs(call);
    if (IMPORTERS.has(callee)) return literalString(args[0]) ?? '?';
    if (callee === 'getattr' && args.length >= 2) {
      const attribute = literalString(args[1]);
      if (attribute !== null) return `${this.resolve(args[0] ?? null, depth + 1)}.${attribute}`;
    }
    return '?';
  }
}
