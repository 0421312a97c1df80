import type { Tree } from 'web-tree-sitter';
import type { PackFile } from '../pack/read-pack.ts';
import { Budget } from '../budget.ts';
import { pythonParser } from '../python/parser.ts';
import type { Limits } from './evaluator.ts';
import { BudgetExceeded, DEFAULT_LIMITS, Interpreter } from './interpreter.ts';
import { PackModules } from './modules.ts';
import type { ExtractedNode } from './node-info.ts';
import { describeV1Node } from './v1-nodes.ts';
import { extractV3Nodes } from './v3-nodes.ts';
import { asText, type ModuleScope, type Value } from './values.ts';

export interface Extraction {
  nodes: ExtractedNode[];
  /** 'success' also when the pack defines no nodes; 'failed' when the evaluation broke off. */
  status: 'success' | 'failed';
  /** Why it broke off, or how the nodes were found. */
  note: string;
  durationMs: number;
}

export interface ExtractOptions {
  limits?: Limits;
  timeBudgetMs?: number;
  /** Modules evaluated by the "any module's mapping" fallback, at most. */
  maxFallbackModules?: number;
  /** Receives the parsed trees (path → tree) for reuse; the caller must delete them. */
  treeCache?: Map<string, Tree>;
}

function mappingEntries(value: Value | undefined): [string, Value][] {
  if (value?.k !== 'dict') return [];
  const out: [string, Value][] = [];
  for (const [key, item] of value.map.values()) if (key.k === 'str') out.push([key.v, item]);
  return out;
}

function displayNames(scopes: ModuleScope[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const scope of scopes) {
    for (const [key, value] of mappingEntries(scope.vars.get('NODE_DISPLAY_NAME_MAPPINGS'))) {
      const text = asText(value);
      if (text !== null && !names.has(key)) names.set(key, text);
    }
  }
  return names;
}

/**
 * Finds the node classes a pack registers, without running any of its code: evaluates the root
 * __init__.py (following relative imports) for NODE_CLASS_MAPPINGS and comfy_entrypoint. When the
 * root builds its mapping dynamically (a directory loop with importlib), it falls back to merging
 * the mappings every module of the pack defines.
 */
export async function extractNodes(files: PackFile[], options: ExtractOptions = {}): Promise<Extraction> {
  const started = Date.now();
  const parser = await pythonParser();
  const budget = new Budget(options.timeBudgetMs ?? 30_000);
  const modules = new PackModules(files, parser, budget.wallDeadline, options.treeCache);
  const interp = new Interpreter(modules, options.limits ?? DEFAULT_LIMITS);
  const found = new Map<string, ExtractedNode>();
  let status: Extraction['status'] = 'success';
  let note = 'entry point';
  try {
    const rootFile = modules.fileFor('');
    const roots: ModuleScope[] = [];
    try {
      if (rootFile) roots.push(interp.loadModule(rootFile));
    } catch (error) {
      if (!(error instanceof BudgetExceeded)) throw error;
      status = 'failed';
      note = error.message;
    }
    let mapping = roots.flatMap((root) => mappingEntries(root.vars.get('NODE_CLASS_MAPPINGS')));
    const hasEntrypoint = roots.some((root) => root.vars.get('comfy_entrypoint')?.k === 'func');
    if (mapping.length === 0 && !hasEntrypoint && status === 'success') {
      note = 'module fallback';
      const candidates = modules.allPaths().slice(0, options.maxFallbackModules ?? 400);
      for (const path of candidates) {
        try {
          interp.loadModule(path);
        } catch (error) {
          if (!(error instanceof BudgetExceeded)) throw error;
          break;
        }
      }
      mapping = interp.loadedModules().flatMap((scope) => mappingEntries(scope.vars.get('NODE_CLASS_MAPPINGS')));
    }
    const names = displayNames(interp.loadedModules());
    for (const [name, value] of mapping) {
      if (!found.has(name)) found.set(name, describeV1Node(interp, name, value, names.get(name) ?? null));
    }
    for (const root of roots) {
      try {
        for (const node of extractV3Nodes(interp, root)) if (!found.has(node.name)) found.set(node.name, node);
      } catch (error) {
        if (!(error instanceof BudgetExceeded)) throw error;
      }
    }
  } catch (error) {
    status = 'failed';
    note = error instanceof Error ? error.message : 'extraction failed';
  } finally {
    modules.close();
  }
  return { nodes: [...found.values()], status, note, durationMs: Date.now() - started };
}
