import { z } from '@hono/zod-openapi';

// Bodies the extraction service posts. Bounded so one post cannot store megabytes per class.

const text = (max: number) => z.string().max(max);

/** The contract's ComfyNodeUpdateRequest: every field optional; unknown ones (e.g. `policy`) ignored. */
export const ComfyNodeUpdateSchema = z
  .object({
    category: text(500).optional(),
    description: text(10_000).optional(),
    input_types: text(200_000).optional().openapi({ description: 'JSON text.' }),
    deprecated: z.boolean().optional(),
    experimental: z.boolean().optional(),
    output_is_list: z.array(z.boolean()).max(200).optional(),
    return_names: text(20_000).optional().openapi({ description: 'JSON text.' }),
    return_types: text(20_000).optional().openapi({ description: 'JSON text.' }),
    function: text(500).optional(),
  })
  .openapi('ComfyNodeUpdateRequest');

/** A class key as NODE_CLASS_MAPPINGS holds it: 1–300 characters, no control characters. */
const isClassKey = (key: string) =>
  key.length >= 1 && key.length <= 300 && ![...key].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const MAX_CLASSES = 5000;

export const CreateComfyNodesSchema = z
  .object({
    success: z.boolean().optional(),
    status: text(100).optional(),
    reason: text(10_000).optional(),
    cloud_build_info: z
      .object({
        project_id: text(200).optional(),
        project_number: text(200).optional(),
        location: text(200).optional(),
        build_id: text(200).optional(),
      })
      .optional(),
    nodes: z
      .record(z.string(), ComfyNodeUpdateSchema)
      .optional()
      .superRefine((nodes, ctx) => {
        if (!nodes) return;
        const keys = Object.keys(nodes);
        if (keys.length > MAX_CLASSES) ctx.addIssue({ code: 'custom', message: `at most ${MAX_CLASSES} classes` });
        const bad = keys.find((key) => !isClassKey(key));
        if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 40)}" is not a class key` });
      })
      .openapi({ description: 'Class key (comfy_node_name) → its definition.' }),
  })
  .openapi('CreateComfyNodesRequest');
