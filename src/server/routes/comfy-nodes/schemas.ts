import { z } from '@hono/zod-openapi';

export const ComfyNodeSchema = z
  .object({
    comfy_node_name: z.string().openapi({ description: 'The class key in NODE_CLASS_MAPPINGS.' }),
    category: z.string().optional(),
    description: z.string().optional(),
    input_types: z.string().optional().openapi({ description: 'JSON text.' }),
    deprecated: z.boolean().optional(),
    experimental: z.boolean().optional(),
    output_is_list: z.array(z.boolean()).optional(),
    return_names: z.string().optional().openapi({ description: 'JSON text.' }),
    return_types: z.string().optional().openapi({ description: 'JSON text.' }),
    function: z.string().optional(),
  })
  .openapi('ComfyNode');

/** `{comfy_node_name}` path segment: a class key, matched exactly (class keys are case-sensitive). */
export const comfyNodeNameParam = z
  .string()
  .min(1)
  .openapi({
    param: { name: 'comfyNodeName', in: 'path' },
    description: 'The node class key, e.g. KSampler.',
  });

/** `{version}` path segment of a node version. */
export const versionParam = z
  .string()
  .min(1)
  .openapi({ param: { name: 'version', in: 'path' }, description: 'The version string (or its uuid).' });
