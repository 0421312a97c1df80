import type { Node } from 'web-tree-sitter';
import { stringValue } from '../python/strings.ts';
import { callValue, getAttribute, iterate } from './builtins.ts';
import { assignTarget } from './assign.ts';
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
  type ModuleScope,
  type Scope,
  type Value,
} from './values.ts';

function lookup(name: string, scope: Scope | null): Value | undefined {
  for (let current = scope; current; current = current.parent) {
    const value = current.vars.get(name);
    if (value) return value;
  }
  return undefined;
}

function stringLiteral(interp: Evaluator, node: Node, scope: Scope, module: ModuleScope): Value {
  const value = stringValue(node, (part) => {
    const expression = part.childForFieldName('expression') ?? part.namedChild(0);
    return expression ? asText(evalExpr(interp, expression, scope, module)) : null;
  });
  return value === null ? UNKNOWN : str(value);
}

function percentFormat(template: string, value: Value): Value {
  const args = value.k === 'list' ? value.items : [value];
  let index = 0;
  let failed = false;
  const out = template.replace(/%([sdri%])/g, (match, spec: string) => {
    if (spec === '%') return '%';
    const text = asText(args[index++] ?? UNKNOWN);
    if (text === null) failed = true;
    return text ?? match;
  });
  return failed ? UNKNOWN : str(out);
}

function binary(interp: Evaluator, node: Node, scope: Scope, module: ModuleScope): Value {
  const left = evalExpr(interp, node.childForFieldName('left'), scope, module);
  const right = evalExpr(interp, node.childForFieldName('right'), scope, module);
  const op = node.childForFieldName('operator')?.text;
  if (op === '+') {
    if (left.k === 'str' && right.k === 'str') return str(left.v + right.v);
    if (left.k === 'num' && right.k === 'num') return { k: 'num', v: left.v + right.v };
    if (left.k === 'list' && right.k === 'list') return list([...left.items, ...right.items]);
  }
  if (op === '|' && left.k === 'dict' && right.k === 'dict') {
    const merged = newDict();
    for (const [key, entry] of [...left.map, ...right.map]) merged.map.set(key, entry);
    return merged;
  }
  if (op === '%' && left.k === 'str') return percentFormat(left.v, right);
  if (op === '*' && left.k === 'num' && right.k === 'num') return { k: 'num', v: left.v * right.v };
  if (op === '-' && left.k === 'num' && right.k === 'num') return { k: 'num', v: left.v - right.v };
  return UNKNOWN;
}

function dictionary(interp: Evaluator, node: Node, scope: Scope, module: ModuleScope): Value {
  const dict = newDict();
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'pair') {
      const key = evalExpr(interp, child.childForFieldName('key'), scope, module);
      dictSet(dict, key, evalExpr(interp, child.childForFieldName('value'), scope, module));
    } else if (child.type === 'dictionary_splat') {
      const spread = evalExpr(interp, child.namedChild(0), scope, module);
      if (spread.k === 'dict') for (const [key, entry] of spread.map) dict.map.set(key, entry);
    }
  }
  return dict;
}

function sequence(interp: Evaluator, node: Node, scope: Scope, module: ModuleScope): Value {
  const items: Value[] = [];
  for (const child of node.namedChildren) {
    if (!child || child.type === 'comment') continue;
    if (child.type === 'list_splat')
      items.push(...(iterate(interp, evalExpr(interp, child.namedChild(0), scope, module)) ?? []));
    else items.push(evalExpr(interp, child, scope, module));
  }
  return list(items);
}

/** `{k: v for k, v in X.items()}` and `[c for c in X]` with one for-clause (conditions are ignored). */
function comprehension(interp: Evaluator, node: Node, scope: Scope, module: ModuleScope): Value {
  const clause = node.namedChildren.find((child) => child?.type === 'for_in_clause');
  const body = node.childForFieldName('body');
  if (!clause || !body || node.namedChildren.filter((c) => c?.type === 'for_in_clause').length > 1) return UNKNOWN;
  const items = iterate(interp, evalExpr(interp, clause.childForFieldName('right'), scope, module));
  if (!items) return UNKNOWN;
  const inner: Scope = { vars: new Map(), parent: scope };
  const isDict = node.type === 'dictionary_comprehension';
  const dict = newDict();
  const out: Value[] = [];
  for (const item of items.slice(0, interp.limits.maxLoopIterations)) {
    assignTarget(interp, clause.childForFieldName('left'), item, inner, module, 'normal');
    if (isDict && body.type === 'pair') {
      dictSet(
        dict,
        evalExpr(interp, body.childForFieldName('key'), inner, module),
        evalExpr(interp, body.childForFieldName('value'), inner, module),
      );
    } else out.push(evalExpr(interp, body, inner, module));
  }
  return isDict ? dict : list(out);
}

function subscript(interp: Evaluator, node: Node, scope: Scope, module: ModuleScope): Value {
  const container = evalExpr(interp, node.childForFieldName('value'), scope, module);
  const indexNode = node.childForFieldName('subscript');
  if (!indexNode || indexNode.type === 'slice') return UNKNOWN;
  const index = evalExpr(interp, indexNode, scope, module);
  if (container.k === 'dict') return dictGet(container, index) ?? UNKNOWN;
  if (container.k === 'list' && index.k === 'num') return container.items.at(index.v) ?? UNKNOWN;
  return UNKNOWN;
}

function call(interp: Evaluator, node: Node, scope: Scope, module: ModuleScope): Value {
  const functionNode = node.childForFieldName('function');
  const args: Value[] = [];
  const kwargs = new Map<string, Value>();
  for (const arg of node.childForFieldName('arguments')?.namedChildren ?? []) {
    if (!arg || arg.type === 'comment') continue;
    if (arg.type === 'keyword_argument') {
      const name = arg.childForFieldName('name')?.text;
      if (name) kwargs.set(name, evalExpr(interp, arg.childForFieldName('value'), scope, module));
    } else if (arg.type === 'list_splat') {
      args.push(...(iterate(interp, evalExpr(interp, arg.namedChild(0), scope, module)) ?? []));
    } else if (arg.type === 'dictionary_splat') {
      const spread = evalExpr(interp, arg.namedChild(0), scope, module);
      if (spread.k === 'dict')
        for (const [key, value] of spread.map.values()) if (key.k === 'str') kwargs.set(key.v, value);
    } else args.push(evalExpr(interp, arg, scope, module));
  }
  if (functionNode?.type === 'identifier' && functionNode.text === 'super' && args.length === 0) {
    const self = lookup('self', scope) ?? lookup('cls', scope) ?? lookup('s', scope);
    const cls = self?.k === 'class' ? self.cls : self?.k === 'instance' ? self.cls : null;
    return cls && self ? { k: 'super', cls, self } : UNKNOWN;
  }
  const callee = evalExpr(interp, functionNode, scope, module);
  return callValue(interp, callee, args, kwargs, functionNode?.text ?? '?');
}

export function evalExpr(interp: Evaluator, node: Node | null, scope: Scope, module: ModuleScope): Value {
  if (!node) return UNKNOWN;
  interp.step();
  switch (node.type) {
    case 'string':
      return stringLiteral(interp, node, scope, module);
    case 'concatenated_string': {
      let out = '';
      for (const part of node.namedChildren) {
        const value = part ? stringLiteral(interp, part, scope, module) : UNKNOWN;
        if (value.k !== 'str') return UNKNOWN;
        out += value.v;
      }
      return str(out);
    }
    case 'integer':
      return { k: 'num', v: Number(node.text.replace(/_/g, '')) };
    case 'float':
      return { k: 'num', v: Number.parseFloat(node.text.replace(/_/g, '')) };
    case 'true':
      return { k: 'bool', v: true };
    case 'false':
      return { k: 'bool', v: false };
    case 'none':
      return NONE;
    case 'unary_operator': {
      const operand = evalExpr(interp, node.childForFieldName('argument'), scope, module);
      const op = node.childForFieldName('operator')?.text;
      return operand.k === 'num' && op === '-' ? { k: 'num', v: -operand.v } : operand.k === 'num' ? operand : UNKNOWN;
    }
    case 'identifier': {
      const value = lookup(node.text, scope);
      if (value) return value;
      return module.vars.get(node.text) ?? { k: 'ref', name: node.text };
    }
    case 'attribute':
      return getAttribute(
        interp,
        evalExpr(interp, node.childForFieldName('object'), scope, module),
        node.childForFieldName('attribute')?.text ?? '',
      );
    case 'parenthesized_expression':
      return evalExpr(interp, node.namedChild(0), scope, module);
    case 'list':
    case 'tuple':
    case 'set':
    case 'expression_list':
      return sequence(interp, node, scope, module);
    case 'dictionary':
      return dictionary(interp, node, scope, module);
    case 'dictionary_comprehension':
    case 'list_comprehension':
    case 'set_comprehension':
    case 'generator_expression':
      return comprehension(interp, node, scope, module);
    case 'binary_operator':
      return binary(interp, node, scope, module);
    case 'subscript':
      return subscript(interp, node, scope, module);
    case 'call':
      return call(interp, node, scope, module);
    case 'await':
      return evalExpr(interp, node.namedChild(0), scope, module);
    case 'conditional_expression':
      return evalExpr(interp, node.namedChild(0), scope, module);
    case 'assignment':
    case 'named_expression': {
      const value = evalExpr(interp, node.childForFieldName('right') ?? node.childForFieldName('value'), scope, module);
      assignTarget(
        interp,
        node.childForFieldName('left') ?? node.childForFieldName('name'),
        value,
        scope,
        module,
        'normal',
      );
      return value;
    }
    default:
      return UNKNOWN;
  }
}
