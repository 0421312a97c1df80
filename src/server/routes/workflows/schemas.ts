import { z } from '@hono/zod-openapi';

const PackRef = {
  id: z.string(),
  name: z.string(),
  latest_version: z.string().optional().openapi({ description: 'The installable version; absent when there is none.' }),
  repository: z.string().optional(),
};

const PlanAlternativeSchema = z
  .object({
    ...PackRef,
    classes: z.array(z.string()).openapi({ description: 'Classes of the chosen pack that this pack defines too.' }),
  })
  .openapi('WorkflowPlanAlternative');

const PlanPackSchema = z
  .object({
    ...PackRef,
    classes: z.array(z.string()).openapi({ description: 'The workflow’s classes this pack provides.' }),
    alternatives: z.array(PlanAlternativeSchema).optional(),
  })
  .openapi('WorkflowPlanPack');

export const InstallPlanSchema = z
  .object({
    packs: z.array(PlanPackSchema),
    core: z.array(z.string()).openapi({ description: 'Classes that ship with ComfyUI.' }),
    virtual: z.array(z.string()).openapi({
      description: 'Frontend-only types: notes, primitives, reroutes, group nodes, subgraph instances.',
    }),
    unresolved: z.array(z.string()).openapi({ description: 'Classes no public pack defines.' }),
    install_command: z.string().openapi({
      description: '`comfy node install <id> …` for the packs with an installable version; empty when none has one.',
    }),
    manual_installs: z
      .array(z.object({ id: z.string(), name: z.string(), repository: z.string().optional() }))
      .openapi({ description: 'Packs without an installable version here: install them from their repository.' }),
    held_back: z.array(z.object({ id: z.string(), name: z.string() })).openapi({
      description:
        'Nodeyard: packs whose every installable version is younger than `min_age`; not installable for this ' +
        'request (and not listed as manual installs). Empty without a minimum release age.',
    }),
  })
  .openapi('WorkflowInstallPlan');

/** Documentation of the accepted bodies (the route reads and checks the body itself). */
const binary = z.string().openapi({ type: 'string', format: 'binary' });
export const workflowBodyContent = {
  'application/json': {
    schema: z.record(z.string(), z.unknown()).openapi('ComfyWorkflow', {
      description: 'A ComfyUI workflow, UI format (`nodes[]`) or API format (`{id: {class_type}}`). At most 2 MB.',
    }),
  },
  'image/png': { schema: binary },
  'image/webp': { schema: binary },
  'application/octet-stream': { schema: binary },
  'multipart/form-data': { schema: z.object({ file: binary }) },
};
