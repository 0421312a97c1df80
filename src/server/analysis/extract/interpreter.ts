import type { Node } from 'web-tree-sitter';
import { evalExpr } from './expressions.ts';
import { folderOf, type PackModules } from './modules.ts';
import { assignTarget } from './assign.ts';
import { iterate } from './builtins.ts';
import { type ClassInfo, type FuncInfo, type ModuleScope, type Scope, type Value, UNKNOWN } from './values.ts';
import { type Evaluator, type Limits, type Mode, Return } from './evaluator.ts';

// A bounded abstract interpreter over tree-sitter CSTs: runs a module's top-level statements (and
// the few helper functions they call) to learn what NODE_CLASS_MAPPINGS & co. end up holding.
// Nothing is executed for real; unknown things stay unknown. Hostile input is bounded by a step
// budget, a call depth and loop bounds.

export class BudgetExceeded extends Error {}

export const DEFAULT_LIMITS: Limits = { maxSteps: 400_000, maxCallDepth: 6, maxLoopIterations: 5_000 };

export class Interpreter implements Evaluator {
  readonly modules: PackModules;
  readonly limits: Limits;
  private steps = 0;
  callDepth = 0;
  private readonly loaded = new Map<string, ModuleScope>();

  constructor(modules: PackModules, limits: Limits = DEFAULT_LIMITS) {
    this.modules = modules;
    this.limits = limits;
  }

  step() {
    if (++this.steps > this.limits.maxSteps) throw new BudgetExceeded('step budget exceeded');
  }

  /** Runs a module once; a circular import sees the partially initialised module, as in CPython. */
  loadModule(path: string): ModuleScope {
    const cached = this.loaded.get(path);
    if (cached) return cached;
    const isPackage = path === '__init__.py' || path.endsWith('/__init__.py');
    const folder = folderOf(path);
    const scope: ModuleScope = {
      vars: new Map(),
      parent: null,
      path,
      packageDir: folder,
      isPackage,
    };
    this.loaded.set(path, scope);
    const tree = this.modules.parse(path);
    if (tree) this.execBlock(tree.rootNode.namedChildren, scope, scope, 'normal');
    return scope;
  }

  evalExpr(node: Node | null, scope: Scope, module: ModuleScope): Value {
    return evalExpr(this, node, scope, module);
  }

  /** A parameter's default value, evaluated where the function was defined. */
  evalDefault(node: Node, fn: FuncInfo): Value {
    return evalExpr(this, node, fn.closure, fn.module);
  }

  loadedModules(): ModuleScope[] {
    return [...this.loaded.values()];
  }

  /** Runs statements; returns a Return when a return statement was reached. */
  execBlock(statements: (Node | null)[], scope: Scope, module: ModuleScope, mode: Mode): Return | null {
    for (const statement of statements) {
      if (!statement) continue;
      const result = this.exec(statement, scope, module, mode);
      if (result) return result;
    }
    return null;
  }

  private body(node: Node | null, scope: Scope, module: ModuleScope, mode: Mode): Return | null {
    if (!node) return null;
    return this.execBlock(node.type === 'block' ? node.namedChildren : [node], scope, module, mode);
  }

  exec(node: Node, scope: Scope, module: ModuleScope, mode: Mode): Return | null {
    this.step();
    switch (node.type) {
      case 'expression_statement':
        for (const child of node.namedChildren) if (child) this.expressionStatement(child, scope, module, mode);
        return null;
      case 'return_statement': {
        const value = node.namedChild(0);
        return new Return(value ? evalExpr(this, value, scope, module) : UNKNOWN);
      }
      case 'import_statement':
      case 'import_from_statement':
        this.importStatement(node, scope, module, mode);
        return null;
      case 'class_definition':
        this.classDefinition(node, scope, module, mode);
        return null;
      case 'function_definition':
        this.bind(scope, node.childForFieldName('name')?.text, this.functionValue(node, scope, module, []), mode);
        return null;
      case 'decorated_definition':
        return this.decorated(node, scope, module, mode);
      case 'if_statement':
        return this.ifStatement(node, scope, module, mode);
      case 'try_statement':
        return this.tryStatement(node, scope, module, mode);
      case 'with_statement':
        return this.body(node.childForFieldName('body'), scope, module, mode);
      case 'for_statement':
        return this.forStatement(node, scope, module, mode);
      default:
        return null;
    }
  }

  bind(scope: Scope, name: string | undefined, value: Value, mode: Mode) {
    if (!name) return;
    if (mode === 'keep') {
      const current = scope.vars.get(name);
      if (current && current.k !== 'unknown') return;
    }
    scope.vars.set(name, value);
  }

  private expressionStatement(node: Node, scope: Scope, module: ModuleScope, mode: Mode) {
    if (node.type === 'assignment') {
      const right = node.childForFieldName('right');
      if (!right) return;
      const value = evalExpr(this, right, scope, module);
      // a = b = value: tree-sitter nests the chain on the right.
      assignTarget(this, node.childForFieldName('left'), value, scope, module, mode);
      return;
    }
    if (node.type === 'augmented_assignment') {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (!left || !right) return;
      const target = evalExpr(this, left, scope, module);
      const value = evalExpr(this, right, scope, module);
      const op = node.childForFieldName('operator')?.text;
      if (target.k === 'dict' && value.k === 'dict' && op === '|=')
        for (const [k, v] of value.map) target.map.set(k, v);
      else if (target.k === 'list' && op === '+=') target.items.push(...(iterate(this, value) ?? []));
      return;
    }
    evalExpr(this, node, scope, module);
  }

  functionValue(node: Node, scope: Scope, module: ModuleScope, decorators: string[]): Value {
    const kind: FuncInfo['kind'] = decorators.includes('classmethod')
      ? 'classmethod'
      : decorators.includes('staticmethod')
        ? 'staticmethod'
        : 'function';
    return { k: 'func', fn: { name: node.childForFieldName('name')?.text ?? '?', node, closure: scope, module, kind } };
  }

  private decorated(node: Node, scope: Scope, module: ModuleScope, mode: Mode): Return | null {
    const definition = node.childForFieldName('definition');
    if (!definition) return null;
    if (definition.type === 'class_definition') return this.exec(definition, scope, module, mode);
    const decorators = node.namedChildren
      .filter((child) => child?.type === 'decorator')
      .map((child) => child!.text.replace(/^@\s*/, '').split('(')[0]!.trim());
    const value = this.functionValue(definition, scope, module, decorators);
    this.bind(scope, definition.childForFieldName('name')?.text, value, mode);
    return null;
  }

  private classDefinition(node: Node, scope: Scope, module: ModuleScope, mode: Mode) {
    const name = node.childForFieldName('name')?.text ?? '?';
    const bases: Value[] = [];
    for (const arg of node.childForFieldName('superclasses')?.namedChildren ?? []) {
      if (arg && arg.type !== 'keyword_argument') bases.push(evalExpr(this, arg, scope, module));
    }
    const cls: ClassInfo = { name, bases, attrs: new Map() };
    const classScope: Scope = { vars: cls.attrs, parent: scope };
    const body = node.childForFieldName('body');
    // Bound before the body runs, so methods that name their own class resolve.
    this.bind(scope, name, { k: 'class', cls }, mode);
    if (body) this.execBlock(body.namedChildren, classScope, module, 'normal');
  }

  private ifStatement(node: Node, scope: Scope, module: ModuleScope, mode: Mode): Return | null {
    const result = this.body(node.childForFieldName('consequence'), scope, module, mode);
    if (result) return result;
    for (const alternative of node.childrenForFieldName('alternative')) {
      if (!alternative) continue;
      this.body(
        alternative.childForFieldName('consequence') ?? alternative.childForFieldName('body'),
        scope,
        module,
        'keep',
      );
    }
    return null;
  }

  private tryStatement(node: Node, scope: Scope, module: ModuleScope, mode: Mode): Return | null {
    const result = this.body(node.childForFieldName('body'), scope, module, mode);
    if (result) return result;
    for (const clause of node.namedChildren) {
      if (!clause) continue;
      if (clause.type === 'except_clause' || clause.type === 'except_group_clause' || clause.type === 'else_clause') {
        const block = clause.namedChildren.find((child) => child?.type === 'block') ?? null;
        this.body(block, scope, module, 'keep');
      } else if (clause.type === 'finally_clause') {
        const block = clause.namedChildren.find((child) => child?.type === 'block') ?? null;
        this.body(block, scope, module, mode);
      }
    }
    return null;
  }

  private forStatement(node: Node, scope: Scope, module: ModuleScope, mode: Mode): Return | null {
    const right = node.childForFieldName('right');
    const items = right ? iterate(this, evalExpr(this, right, scope, module)) : null;
    if (!items) return null;
    let count = 0;
    for (const item of items) {
      if (++count > this.limits.maxLoopIterations) break;
      assignTarget(this, node.childForFieldName('left'), item, scope, module, mode);
      const result = this.body(node.childForFieldName('body'), scope, module, mode);
      if (result) return result;
    }
    return null;
  }

  private importStatement(node: Node, scope: Scope, module: ModuleScope, mode: Mode) {
    if (node.type === 'import_statement') {
      for (const child of node.namedChildren) {
        if (!child) continue;
        const aliased = child.type === 'aliased_import';
        const dotted = (aliased ? child.childForFieldName('name') : child)?.text ?? '';
        const alias = aliased ? child.childForFieldName('alias')?.text : dotted.split('.')[0];
        const bound = aliased ? dotted : dotted.split('.')[0]!;
        const file = this.modules.resolveAbsolute(bound);
        this.bind(scope, alias, file ? { k: 'module', mod: this.loadModule(file) } : { k: 'ref', name: bound }, mode);
      }
      return;
    }
    const moduleNode = node.childForFieldName('module_name');
    const base = moduleNode ? this.resolveFromModule(moduleNode, module) : null;
    const external = moduleNode?.text.replace(/\s+/g, '') ?? '';
    if (node.namedChildren.some((child) => child?.type === 'wildcard_import')) {
      if (base?.file) {
        const source = this.loadModule(base.file);
        for (const [name, value] of source.vars) if (!name.startsWith('_')) this.bind(scope, name, value, mode);
      }
      return;
    }
    for (const child of node.childrenForFieldName('name')) {
      if (!child) continue;
      const aliased = child.type === 'aliased_import';
      const name = (aliased ? child.childForFieldName('name') : child)?.text ?? '';
      const alias = aliased ? child.childForFieldName('alias')?.text : name;
      this.bind(scope, alias, this.importedName(base, name, external), mode);
    }
  }

  /** `from X import name`: an attribute of module X, else its submodule X.name, else an outside ref. */
  private importedName(base: { file: string | null; slash: string } | null, name: string, external: string): Value {
    if (base?.file) {
      const source = this.loadModule(base.file);
      const value = source.vars.get(name);
      if (value) return value;
    }
    if (base) {
      const sub = this.modules.fileFor(base.slash ? `${base.slash}/${name}` : name);
      if (sub) return { k: 'module', mod: this.loadModule(sub) };
    }
    return { k: 'ref', name: `${external}.${name}` };
  }

  private resolveFromModule(node: Node, module: ModuleScope): { file: string | null; slash: string } | null {
    if (node.type === 'relative_import') {
      const prefix = node.namedChildren.find((child) => child?.type === 'import_prefix')?.text ?? '.';
      const dotted = node.namedChildren.find((child) => child?.type === 'dotted_name')?.text ?? '';
      let folder = module.packageDir;
      for (let level = 1; level < prefix.length; level += 1) folder = folderOf(folder);
      const slash = [folder, dotted.replace(/\./g, '/')].filter(Boolean).join('/');
      return { file: this.modules.fileFor(slash), slash };
    }
    const file = this.modules.resolveAbsolute(node.text);
    return file ? { file, slash: file.replace(/(?:\/__init__)?\.py$/, '').replace(/^__init__$/, '') } : null;
  }
}
