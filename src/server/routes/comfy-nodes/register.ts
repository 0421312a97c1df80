import type { App } from '../../app-env.ts';
import { registerGetComfyNode } from './get-comfy-node.ts';
import { registerGetNodeByComfyNodeName } from './get-node-by-comfy-node-name.ts';
import { registerListAllComfyNodes } from './list-all-comfy-nodes.ts';
import { registerListComfyNodes } from './list-comfy-nodes.ts';

export function registerComfyNodeReadRoutes(app: App) {
  registerListComfyNodes(app);
  registerGetComfyNode(app);
  registerListAllComfyNodes(app);
  registerGetNodeByComfyNodeName(app);
}
