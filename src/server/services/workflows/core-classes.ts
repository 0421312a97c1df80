import data from './data/comfyui-core-node-classes.json' with { type: 'json' };

// Classes that need no pack: ComfyUI's built-ins and the frontend's virtual nodes (see data/README.md).

const CORE = new Set<string>(data.core);
const FRONTEND_VIRTUAL = new Set<string>(data.frontend_virtual);

/** Where the core list was read from (shown in docs and the bench output). */
export const CORE_CLASSES_SOURCE: string = data.source;

export function isCoreClass(name: string): boolean {
  return CORE.has(name);
}

const CORE_BY_LOWER_CASE = new Map([...CORE].map((name) => [name.toLowerCase(), name]));

/**
 * The built-in class that a search text names, spelled as ComfyUI spells it ("ksampler " → "KSampler"),
 * or undefined. Only the whole text counts: "KSampler tools" is a search for packs, not for the class.
 */
export function coreClassNamed(text: string | undefined): string | undefined {
  const key = text?.trim().toLowerCase();
  return key ? CORE_BY_LOWER_CASE.get(key) : undefined;
}

/**
 * A node type that the ComfyUI frontend draws but no pack provides: notes, primitives, reroutes,
 * legacy group nodes ("workflow>Name", older "workflow/Name") and subgraph instances (typed by the
 * id of a subgraph defined in the same workflow).
 */
export function isVirtualType(name: string, subgraphIds: ReadonlySet<string>): boolean {
  return (
    FRONTEND_VIRTUAL.has(name) || name.startsWith('workflow>') || name.startsWith('workflow/') || subgraphIds.has(name)
  );
}
