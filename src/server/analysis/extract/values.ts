import type { Node } from 'web-tree-sitter';

// The extractor's value model: just enough of Python's objects to evaluate the module-level code
// that builds node mappings. Anything it cannot know becomes `ref` (a name from outside the pack,
// e.g. folder_paths.get_filename_list), `call` (a call it did not run) or `unknown`.

export interface Scope {
  vars: Map<string, Value>;
  parent: Scope | null;
}

export interface ModuleScope extends Scope {
  path: string;
  /** Dotted package of the module ('' at the pack root), for relative imports. */
  packageDir: string;
  isPackage: boolean;
}

export interface ClassInfo {
  name: string;
  bases: Value[];
  attrs: Map<string, Value>;
}

export interface FuncInfo {
  name: string;
  node: Node;
  closure: Scope;
  module: ModuleScope;
  kind: 'function' | 'classmethod' | 'staticmethod';
}

export type Value =
  | { k: 'str'; v: string }
  | { k: 'num'; v: number }
  | { k: 'bool'; v: boolean }
  | { k: 'none' }
  | { k: 'list'; items: Value[] }
  | { k: 'dict'; map: Map<string, [Value, Value]> }
  | { k: 'class'; cls: ClassInfo }
  | { k: 'func'; fn: FuncInfo; self?: Value }
  | { k: 'module'; mod: ModuleScope }
  | { k: 'instance'; cls: ClassInfo; attrs: Map<string, Value> }
  | { k: 'super'; cls: ClassInfo; self: Value }
  | { k: 'call'; callee: string; args: Value[]; kwargs: Map<string, Value> }
  | { k: 'ref'; name: string }
  | { k: 'unknown' };

export const UNKNOWN: Value = { k: 'unknown' };
export const NONE: Value = { k: 'none' };
export const str = (v: string): Value => ({ k: 'str', v });
export const list = (items: Value[]): Value => ({ k: 'list', items });
export const newDict = (): Extract<Value, { k: 'dict' }> => ({ k: 'dict', map: new Map() });

/** The dict key a value hashes to, or null when it cannot be a known key. */
export function keyOf(value: Value): string | null {
  switch (value.k) {
    case 'str':
      return `s:${value.v}`;
    case 'num':
      return `n:${value.v}`;
    case 'bool':
      return `b:${value.v}`;
    case 'none':
      return 'none';
    case 'class':
      return `c:${value.cls.name}`;
    default:
      return null;
  }
}

export function dictSet(dict: Extract<Value, { k: 'dict' }>, key: Value, value: Value) {
  const id = keyOf(key);
  if (id !== null) dict.map.set(id, [key, value]);
}

export function dictGet(dict: Extract<Value, { k: 'dict' }>, key: Value): Value | undefined {
  const id = keyOf(key);
  return id === null ? undefined : dict.map.get(id)?.[1];
}

export function truthy(value: Value): boolean | null {
  switch (value.k) {
    case 'str':
      return value.v.length > 0;
    case 'num':
      return value.v !== 0;
    case 'bool':
      return value.v;
    case 'none':
      return false;
    case 'list':
      return value.items.length > 0;
    case 'dict':
      return value.map.size > 0;
    default:
      return null;
  }
}

/** Python's str() of simple values, null otherwise. */
export function asText(value: Value): string | null {
  switch (value.k) {
    case 'str':
      return value.v;
    case 'num':
      return String(value.v);
    case 'bool':
      return value.v ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'class':
      return value.cls.name;
    default:
      return null;
  }
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** JSON for stored metadata; non-static parts become {"$ref"} / {"$call"} placeholders. */
export function toJson(value: Value, depth = 0): Json {
  if (depth > 12) return null;
  switch (value.k) {
    case 'str':
      return value.v;
    case 'num':
      return Number.isFinite(value.v) ? value.v : null;
    case 'bool':
      return value.v;
    case 'none':
      return null;
    case 'list':
      return value.items.map((item) => toJson(item, depth + 1));
    case 'dict': {
      const out: Record<string, Json> = {};
      for (const [key, item] of value.map.values()) out[asText(key) ?? '?'] = toJson(item, depth + 1);
      return out;
    }
    case 'class':
      return { $class: value.cls.name };
    case 'ref':
      return { $ref: value.name };
    case 'call':
      return { $call: value.callee };
    default:
      return null;
  }
}
