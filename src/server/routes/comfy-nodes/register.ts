import type { App } from '../../app-env.ts';
import { registerComfyNodesBackfill } from './backfill-comfy-nodes.ts';
import { registerCreateComfyNodes } from './create-comfy-nodes.ts';
import { registerGetComfyNode } from './get-comfy-node.ts';
import { registerGetNodeByComfyNodeName } from './get-node-by-comfy-node-name.ts';
import { registerListAllComfyNodes } from './list-all-comfy-nodes.ts';
import { registerListComfyNodes } from './list-comfy-nodes.ts';
import { registerUpdateComfyNode } from './update-comfy-node.ts';

export function registerComfyNodeReadRoutes(app: App) {
  registerListComfyNodes(app);
  registerGetComfyNode(app);
  registerListAllComfyNodes(app);
  registerGetNodeByComfyNodeName(app);
  // Writes of the extraction service (service token or admin).
  registerCreateComfyNodes(app);
  registerUpdateComfyNode(app);
  registerComfyNodesBackfill(app);
}
