import { buildPlan, type InstallPlan } from './build-plan.ts';
import type { ProviderLookup } from './class-providers.ts';
import { isCoreClass, isVirtualType } from './core-classes.ts';
import type { WorkflowClasses } from './workflow-classes.ts';

/** The install plan of a workflow's classes: one provider lookup for all classes that may need a pack. */
export async function resolveWorkflow(workflow: WorkflowClasses, lookup: ProviderLookup): Promise<InstallPlan> {
  const wanted = [...workflow.classes.keys()].filter(
    (name) => !isCoreClass(name) && !isVirtualType(name, workflow.subgraphIds),
  );
  return buildPlan(workflow, await lookup(wanted));
}
