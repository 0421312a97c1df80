// The answer of POST /workflows/resolve, generated from docs/openapi.json (see src/lib/api/types.ts; islands
// never import server code).
import type { ApiSchema } from '../../lib/api/types.ts';

export type InstallPlan = ApiSchema<'WorkflowInstallPlan'>;
export type PlanPack = ApiSchema<'WorkflowPlanPack'>;
export type PlanPackRef = Omit<PlanPack, 'classes' | 'alternatives'>;
