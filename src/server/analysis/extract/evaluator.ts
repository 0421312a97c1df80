import type { Node } from 'web-tree-sitter';
import type { PackModules } from './modules.ts';
import type { FuncInfo, ModuleScope, Scope, Value } from './values.ts';

// What the expression, assignment and builtin helpers need from the interpreter. The interpreter
// passes itself in as this, so those helpers never import it (no import cycle between them).

export interface Limits {
  maxSteps: number;
  maxCallDepth: number;
  maxLoopIterations: number;
}

/** How assignments behave: `keep` skips overwriting a known value (except/else branches). */
export type Mode = 'normal' | 'keep';

export class Return {
  readonly value: Value;
  constructor(value: Value) {
    this.value = value;
  }
}

export interface Evaluator {
  readonly modules: PackModules;
  readonly limits: Limits;
  callDepth: number;
  /** Counts one step against the budget; throws when it is spent. */
  step(): void;
  loadModule(path: string): ModuleScope;
  evalExpr(node: Node | null, scope: Scope, module: ModuleScope): Value;
  evalDefault(node: Node, fn: FuncInfo): Value;
  execBlock(statements: (Node | null)[], scope: Scope, module: ModuleScope, mode: Mode): Return | null;
  bind(scope: Scope, name: string | undefined, value: Value, mode: Mode): void;
}
