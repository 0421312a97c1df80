import type { ClassProviders, PackInfo } from './class-providers.ts';
import { isCoreClass, isVirtualType } from './core-classes.ts';
import { rankProviders } from './rank-providers.ts';
import type { WorkflowClasses } from './workflow-classes.ts';

export interface PlanAlternative {
  id: string;
  name: string;
  /** The classes of the chosen pack that this one provides too. */
  classes: string[];
  latest_version?: string;
  repository?: string;
}

export interface PlanPack {
  id: string;
  name: string;
  classes: string[];
  latest_version?: string;
  repository?: string;
  /** Other packs that define some of these classes, best first. */
  alternatives?: PlanAlternative[];
}

export interface InstallPlan {
  packs: PlanPack[];
  /** Classes that ship with ComfyUI. */
  core: string[];
  /** Frontend-only node types (notes, primitives, reroutes, group nodes, subgraph instances). */
  virtual: string[];
  /** Classes no public pack defines. */
  unresolved: string[];
  /** `comfy node install …` for the packs with an installable version; empty when there are none. */
  install_command: string;
  /** Packs with no installable version here: install them from their repository. */
  manual_installs: { id: string; name: string; repository?: string }[];
  /** Packs whose every installable version is younger than the request's minimum release age. */
  held_back: { id: string; name: string }[];
}

/** Alternatives shown per pack; a class copied by dozens of forks must not bloat the answer. */
export const MAX_ALTERNATIVES = 10;

function packFields(pack: PackInfo) {
  return {
    id: pack.id,
    name: pack.name,
    ...(pack.latestVersion ? { latest_version: pack.latestVersion } : {}),
    ...(pack.repository ? { repository: pack.repository } : {}),
  };
}

/** Turns the workflow's classes and their providers into the plan (pure: no I/O). */
export function buildPlan(workflow: WorkflowClasses, providers: ClassProviders): InstallPlan {
  const core: string[] = [];
  const virtual: string[] = [];
  const unresolved: string[] = [];
  const needingPack: string[] = [];
  for (const name of workflow.classes.keys()) {
    if (isVirtualType(name, workflow.subgraphIds)) virtual.push(name);
    else if (isCoreClass(name)) core.push(name);
    else if ((providers.get(name) ?? []).length === 0) unresolved.push(name);
    else needingPack.push(name);
  }

  // Packs that are the only provider of some class: preferring them elsewhere keeps the plan short.
  const required = new Set<string>();
  for (const name of needingPack) {
    const list = providers.get(name)!;
    if (new Set(list.map((p) => p.pack.id)).size === 1) required.add(list[0]!.pack.id);
  }

  const chosen = new Map<
    string,
    { pack: PackInfo; classes: string[]; others: Map<string, { pack: PackInfo; classes: string[] }> }
  >();
  for (const name of needingPack) {
    const ranked = rankProviders(providers.get(name)!, {
      hints: workflow.classes.get(name)!.packHints,
      required,
      comfyVersion: workflow.comfyVersion,
    });
    const best = ranked[0]!.pack;
    let entry = chosen.get(best.id);
    if (!entry) {
      entry = { pack: best, classes: [], others: new Map() };
      chosen.set(best.id, entry);
    }
    entry.classes.push(name);
    for (const { pack } of ranked.slice(1)) {
      if (pack.id === best.id) continue;
      const other = entry.others.get(pack.id) ?? { pack, classes: [] };
      if (!other.classes.includes(name)) other.classes.push(name);
      entry.others.set(pack.id, other);
    }
  }

  const packs: PlanPack[] = [...chosen.values()].map(({ pack, classes, others }) => {
    const alternatives = [...others.values()]
      .filter(({ pack: other }) => !chosen.has(other.id))
      .sort((a, b) => b.classes.length - a.classes.length)
      .slice(0, MAX_ALTERNATIVES)
      .map(({ pack: other, classes: shared }) => ({ ...packFields(other), classes: shared }));
    return { ...packFields(pack), classes, ...(alternatives.length > 0 ? { alternatives } : {}) };
  });

  const installable = packs.filter((pack) => pack.latest_version);
  // Held back by the minimum release age: installing from the repository would be newer still.
  const heldBack = new Set([...chosen.values()].filter(({ pack }) => pack.heldBack).map(({ pack }) => pack.id));
  return {
    packs,
    core: core.sort(),
    virtual: virtual.sort(),
    unresolved: unresolved.sort(),
    install_command: installable.length > 0 ? `comfy node install ${installable.map((p) => p.id).join(' ')}` : '',
    manual_installs: packs
      .filter((pack) => !pack.latest_version && !heldBack.has(pack.id))
      .map((pack) => ({ id: pack.id, name: pack.name, ...(pack.repository ? { repository: pack.repository } : {}) })),
    held_back: packs.filter((pack) => heldBack.has(pack.id)).map((pack) => ({ id: pack.id, name: pack.name })),
  };
}
