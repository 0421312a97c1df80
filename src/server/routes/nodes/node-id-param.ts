import { z } from '@hono/zod-openapi';

/** `{nodeId}`: matched case-insensitively; responses carry the canonical id. */
export const nodeIdParam = z
  .string()
  .min(1)
  .openapi({
    param: { name: 'nodeId', in: 'path' },
    description: 'The node id, any letter case.',
    example: 'comfyui-example',
  });
