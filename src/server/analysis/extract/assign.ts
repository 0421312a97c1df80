import type { Node } from 'web-tree-sitter';
import { iterate } from './builtins.ts';
import type { Evaluator, Mode } from './evaluator.ts';
import { dictSet, type ModuleScope, type Scope, type Value } from './values.ts';

/** Binds `value` to an assignment target: a name, a tuple pattern, `d[key]` or `obj.attr`. */
export function assignTarget(
  interp: Evaluator,
  target: Node | null,
  value: Value,
  scope: Scope,
  module: ModuleScope,
  mode: Mode,
) {
  if (!target) return;
  switch (target.type) {
    case 'identifier':
      interp.bind(scope, target.text, value, mode);
      return;
    case 'pattern_list':
    case 'tuple_pattern':
    case 'list_pattern': {
      const parts = target.namedChildren.filter((child): child is Node => !!child);
      const items = iterate(interp, value);
      parts.forEach((part, index) => {
        assignTarget(
          interp,
          part,
          items && items.length === parts.length ? items[index]! : { k: 'unknown' },
          scope,
          module,
          mode,
        );
      });
      return;
    }
    case 'subscript': {
      const container = interp.evalExpr(target.childForFieldName('value'), scope, module);
      const index = target.childForFieldName('subscript');
      if (container.k === 'dict' && index) dictSet(container, interp.evalExpr(index, scope, module), value);
      return;
    }
    case 'attribute': {
      const object = interp.evalExpr(target.childForFieldName('object'), scope, module);
      const name = target.childForFieldName('attribute')?.text;
      if (!name) return;
      if (object.k === 'class' || object.k === 'instance')
        (object.k === 'class' ? object.cls.attrs : object.attrs).set(name, value);
      else if (object.k === 'call') object.kwargs.set(name, value);
      else if (object.k === 'module') object.mod.vars.set(name, value);
      return;
    }
    default:
      return;
  }
}
