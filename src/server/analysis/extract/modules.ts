import type { Parser, Tree } from 'web-tree-sitter';
import { sourceText, type PackFile } from '../pack/read-pack.ts';
import { parseWith } from '../python/parser.ts';

// Where a dotted module name lives inside the pack, and its parsed tree (parsed once, on demand:
// extraction only reads what the entry point reaches). Trees are freed by close().

/** Always ComfyUI's or the standard library's, never the pack's, even if the pack has a same-named file. */
const EXTERNAL_ROOTS = new Set([
  'comfy',
  'comfy_api',
  'comfy_extras',
  'comfy_execution',
  'folder_paths',
  'server',
  'execution',
  'node_helpers',
  'latent_preview',
  'torch',
  'numpy',
  'os',
  'sys',
  're',
  'json',
  'typing',
  'enum',
]);

export class PackModules {
  private readonly sources = new Map<string, Uint8Array>();
  private readonly trees = new Map<string, Tree>();
  /** When given, parsed trees are handed over here instead of being freed (the scan reuses them). */
  private readonly keep: Map<string, Tree> | undefined;
  private readonly deadline: number;
  private readonly parser: Parser;

  constructor(files: PackFile[], parser: Parser, deadline: number, keep?: Map<string, Tree>) {
    this.keep = keep;
    for (const file of files) if (file.path.endsWith('.py')) this.sources.set(file.path, file.bytes);
    this.parser = parser;
    this.deadline = deadline;
  }

  has(path: string): boolean {
    return this.sources.has(path);
  }

  allPaths(): string[] {
    return [...this.sources.keys()];
  }

  /** The file of a module given as a slash path without extension ('' is the root package). */
  fileFor(slashPath: string): string | null {
    const prefix = slashPath ? `${slashPath}/` : '';
    if (slashPath && this.sources.has(`${slashPath}.py`)) return `${slashPath}.py`;
    if (this.sources.has(`${prefix}__init__.py`)) return `${prefix}__init__.py`;
    return null;
  }

  /**
   * An absolute import that may be the pack's own: `custom_nodes.<Pack>.` is stripped, a module at
   * the pack root is used, else a unique folder-suffix match (packs that put a subfolder on sys.path).
   */
  resolveAbsolute(dotted: string): string | null {
    const parts = dotted.split('.');
    if (parts[0] === 'custom_nodes' && parts.length > 2) parts.splice(0, 2);
    if (EXTERNAL_ROOTS.has(parts[0]!)) return null;
    const slash = parts.join('/');
    const direct = this.fileFor(slash);
    if (direct) return direct;
    const matches = [...this.sources.keys()].filter(
      (path) => path.endsWith(`/${slash}.py`) || path.endsWith(`/${slash}/__init__.py`),
    );
    return matches.length === 1 ? matches[0]! : null;
  }

  parse(path: string): Tree | null {
    const bytes = this.sources.get(path);
    if (!bytes) return null;
    const tree = parseWith(this.parser, sourceText(bytes), this.deadline);
    if (tree) this.trees.set(path, tree);
    return tree;
  }

  close() {
    for (const [path, tree] of this.trees) {
      if (this.keep && !this.keep.has(path)) this.keep.set(path, tree);
      else tree.delete();
    }
    this.trees.clear();
  }
}

/** The folder of a module file, as a slash path ('' at the root). */
export function folderOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index < 0 ? '' : path.slice(0, index);
}
