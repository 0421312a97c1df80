import type { Node } from 'web-tree-sitter';
import type { Evaluator } from './evaluator.ts';
import {
  asText,
  dictGet,
  dictSet,
  list,
  newDict,
  NONE,
  str,
  UNKNOWN,
  type ClassInfo,
  type FuncInfo,
  type Scope,
  type Value,
} from './values.ts';

// The small slice of Python's runtime the interpreter models: attribute lookup (modules, classes
// with their bases, Enum `.value`), calls of the pack's own functions and classes, and the dict,
// list and str methods packs use while building their mappings.

/** Class attribute through the local base classes (depth-first, like a simple MRO). */
export function classAttr(cls: ClassInfo, name: string, depth = 0): Value | undefined {
  const own = cls.attrs.get(name);
  if (own || depth > 10) return own;
  for (const base of cls.bases) {
    if (base.k !== 'class') continue;
    const found = classAttr(base.cls, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Whether the class derives (through pack classes) from an outside class whose name ends with `suffix`. */
export function derivesFrom(cls: ClassInfo, suffix: string, depth = 0): boolean {
  if (depth > 10) return false;
  return cls.bases.some(
    (base) =>
      (base.k === 'ref' && (base.name === suffix || base.name.endsWith(`.${suffix}`))) ||
      (base.k === 'class' && derivesFrom(base.cls, suffix, depth + 1)),
  );
}

export function iterate(interp: Evaluator, value: Value): Value[] | null {
  interp.step();
  if (value.k === 'list') return value.items;
  if (value.k === 'dict') return [...value.map.values()].map(([key]) => key);
  if (value.k === 'str') return [...value.v].map(str);
  return null;
}

export function getAttribute(interp: Evaluator, object: Value, name: string): Value {
  switch (object.k) {
    case 'module': {
      const value = object.mod.vars.get(name);
      if (value) return value;
      const folder = object.mod.isPackage ? object.mod.packageDir : null;
      const file = folder !== null ? interp.modules.fileFor(folder ? `${folder}/${name}` : name) : null;
      return file ? { k: 'module', mod: interp.loadModule(file) } : UNKNOWN;
    }
    case 'class':
      if (name === '__name__') return str(object.cls.name);
      return bindMethod(classAttr(object.cls, name), object) ?? UNKNOWN;
    case 'instance':
      return object.attrs.get(name) ?? bindMethod(classAttr(object.cls, name), object) ?? UNKNOWN;
    case 'super': {
      for (const base of object.cls.bases) {
        const found = base.k === 'class' ? classAttr(base.cls, name) : undefined;
        if (found) return bindMethod(found, object.self) ?? found;
      }
      return UNKNOWN;
    }
    case 'ref':
      return { k: 'ref', name: `${object.name}.${name}` };
    case 'str':
    case 'num':
      // Enum members are modelled as their raw value, so Member.value is the value itself.
      return name === 'value' ? object : { k: 'func', fn: builtinMethod(name), self: object };
    case 'dict':
    case 'list':
    case 'call':
      if (object.k === 'call' && object.kwargs.has(name)) return object.kwargs.get(name)!;
      return { k: 'func', fn: builtinMethod(name), self: object };
    default:
      return UNKNOWN;
  }
}

/** Methods of builtin values are marked by a FuncInfo without a node body. */
const BUILTIN = Symbol('builtin');
function builtinMethod(name: string): FuncInfo {
  return {
    name,
    node: BUILTIN as unknown as Node,
    closure: { vars: new Map(), parent: null },
    module: null as never,
    kind: 'function',
  };
}
const isBuiltin = (fn: FuncInfo) => (fn.node as unknown) === BUILTIN;

function bindMethod(value: Value | undefined, owner: Value): Value | undefined {
  if (value?.k !== 'func' || isBuiltin(value.fn)) return value;
  if (value.fn.kind === 'staticmethod') return value;
  if (value.fn.kind === 'classmethod') {
    const cls = owner.k === 'instance' ? { k: 'class' as const, cls: owner.cls } : owner;
    return { ...value, self: cls };
  }
  return owner.k === 'instance' ? { ...value, self: owner } : value;
}

function strMethod(self: string, name: string, args: Value[], kwargs: Map<string, Value>): Value {
  switch (name) {
    case 'format': {
      let index = 0;
      let failed = false;
      const out = self.replace(/\{([^{}]*)\}/g, (_, field: string) => {
        const key = field.split(/[!:]/)[0] ?? '';
        const value = key === '' ? args[index++] : /^\d+$/.test(key) ? args[Number(key)] : kwargs.get(key);
        const text = value ? asText(value) : null;
        if (text === null) failed = true;
        return text ?? '';
      });
      return failed ? UNKNOWN : str(out);
    }
    case 'join': {
      const parts = args[0]?.k === 'list' ? args[0].items.map(asText) : null;
      return parts && parts.every((p) => p !== null) ? str(parts.join(self)) : UNKNOWN;
    }
    case 'upper':
      return str(self.toUpperCase());
    case 'lower':
      return str(self.toLowerCase());
    case 'strip':
      return str(self.trim());
    case 'replace':
      return args[0]?.k === 'str' && args[1]?.k === 'str' ? str(self.split(args[0].v).join(args[1].v)) : UNKNOWN;
    default:
      return UNKNOWN;
  }
}

function dictMethod(
  self: Extract<Value, { k: 'dict' }>,
  name: string,
  args: Value[],
  kwargs: Map<string, Value>,
): Value {
  switch (name) {
    case 'update':
      for (const arg of args) if (arg.k === 'dict') for (const [key, entry] of arg.map) self.map.set(key, entry);
      for (const [key, value] of kwargs) dictSet(self, str(key), value);
      return NONE;
    case 'items':
      return list([...self.map.values()].map(([key, value]) => list([key, value])));
    case 'keys':
      return list([...self.map.values()].map(([key]) => key));
    case 'values':
      return list([...self.map.values()].map(([, value]) => value));
    case 'get':
      return (args[0] && dictGet(self, args[0])) ?? args[1] ?? NONE;
    case 'copy': {
      const copy = newDict();
      for (const [key, entry] of self.map) copy.map.set(key, entry);
      return copy;
    }
    case 'setdefault': {
      const existing = args[0] ? dictGet(self, args[0]) : undefined;
      if (existing) return existing;
      if (args[0]) dictSet(self, args[0], args[1] ?? NONE);
      return args[1] ?? NONE;
    }
    default:
      return UNKNOWN;
  }
}

function listMethod(interp: Evaluator, self: Extract<Value, { k: 'list' }>, name: string, args: Value[]): Value {
  if (name === 'append' && args[0]) self.items.push(args[0]);
  else if (name === 'extend' && args[0]) self.items.push(...(iterate(interp, args[0]) ?? []));
  else if (name === 'insert' && args[1]) self.items.splice(args[0]?.k === 'num' ? args[0].v : 0, 0, args[1]);
  else if (name === 'copy') return list([...self.items]);
  else return UNKNOWN;
  return NONE;
}

function builtinCall(interp: Evaluator, name: string, args: Value[], kwargs: Map<string, Value>): Value | null {
  switch (name) {
    case 'dict': {
      const dict = newDict();
      if (args[0]?.k === 'dict') for (const [key, entry] of args[0].map) dict.map.set(key, entry);
      else if (args[0]?.k === 'list')
        for (const pair of args[0].items)
          if (pair.k === 'list' && pair.items.length === 2) dictSet(dict, pair.items[0]!, pair.items[1]!);
      for (const [key, value] of kwargs) dictSet(dict, str(key), value);
      return dict;
    }
    case 'list':
    case 'tuple':
    case 'sorted':
    case 'set':
      return args[0] ? list([...(iterate(interp, args[0]) ?? [])]) : list([]);
    case 'zip': {
      const columns = args.map((arg) => iterate(interp, arg) ?? []);
      const length = Math.min(...columns.map((column) => column.length));
      return list(Array.from({ length }, (_, i) => list(columns.map((column) => column[i]!))));
    }
    case 'str':
      return args[0] ? (asText(args[0]) === null ? UNKNOWN : str(asText(args[0])!)) : str('');
    case 'type':
      // type('Name', (Base,), {...}): a synthetic class.
      if (args.length === 3 && args[0]?.k === 'str') {
        const attrs = new Map<string, Value>();
        if (args[2]?.k === 'dict')
          for (const [key, value] of args[2].map.values()) if (key.k === 'str') attrs.set(key.v, value);
        return { k: 'class', cls: { name: args[0].v, bases: iterate(interp, args[1] ?? UNKNOWN) ?? [], attrs } };
      }
      return UNKNOWN;
    default:
      return null;
  }
}

/** Runs one of the pack's own functions with its arguments bound, within the call-depth limit. */
function callFunction(
  interp: Evaluator,
  fn: FuncInfo,
  self: Value | undefined,
  args: Value[],
  kwargs: Map<string, Value>,
): Value {
  if (interp.callDepth >= interp.limits.maxCallDepth) return UNKNOWN;
  const scope: Scope = { vars: new Map(), parent: fn.closure };
  const positional = self ? [self, ...args] : args;
  let index = 0;
  for (const parameter of fn.node.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!parameter) continue;
    const name =
      parameter.type === 'identifier'
        ? parameter.text
        : (parameter.childForFieldName('name') ?? parameter.namedChild(0))?.text;
    if (!name || parameter.type === 'list_splat_pattern' || parameter.type === 'dictionary_splat_pattern') continue;
    const given = kwargs.get(name) ?? positional[index++];
    const fallback = parameter.childForFieldName('value');
    scope.vars.set(name, given ?? (fallback ? interp.evalDefault(fallback, fn) : UNKNOWN));
  }
  interp.callDepth += 1;
  try {
    const body = fn.node.childForFieldName('body');
    const result = body ? interp.execBlock(body.namedChildren, scope, fn.module, 'normal') : null;
    return result ? result.value : NONE;
  } finally {
    interp.callDepth -= 1;
  }
}

export function callValue(
  interp: Evaluator,
  callee: Value,
  args: Value[],
  kwargs: Map<string, Value>,
  text: string,
): Value {
  interp.step();
  switch (callee.k) {
    case 'func': {
      const self = callee.self;
      if (isBuiltin(callee.fn)) {
        if (self?.k === 'str') return strMethod(self.v, callee.fn.name, args, kwargs);
        if (self?.k === 'dict') return dictMethod(self, callee.fn.name, args, kwargs);
        if (self?.k === 'list') return listMethod(interp, self, callee.fn.name, args);
        return UNKNOWN;
      }
      return callFunction(interp, callee.fn, self, args, kwargs);
    }
    case 'class': {
      const instance: Value = { k: 'instance', cls: callee.cls, attrs: new Map() };
      const init = classAttr(callee.cls, '__init__');
      if (init?.k === 'func' && !isBuiltin(init.fn)) callFunction(interp, init.fn, instance, args, kwargs);
      return instance;
    }
    case 'ref': {
      const builtin = builtinCall(interp, callee.name, args, kwargs);
      return builtin ?? { k: 'call', callee: callee.name, args, kwargs };
    }
    default:
      return { k: 'call', callee: text, args, kwargs };
  }
}
