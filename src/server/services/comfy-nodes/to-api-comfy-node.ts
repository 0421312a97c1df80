import type { ComfyNodeRow } from '../../db/rows.ts';
import { omitNullish } from '../serialize/omit-empty.ts';

/** The contract's ComfyNode: the class key is `comfy_node_name`; type lists stay JSON text. */
export function toApiComfyNode(row: ComfyNodeRow) {
  return omitNullish({
    comfy_node_name: row.name,
    category: row.category,
    description: row.description,
    input_types: row.inputTypes,
    deprecated: row.deprecated,
    experimental: row.experimental,
    output_is_list: row.outputIsList,
    return_names: row.returnNames,
    return_types: row.returnTypes,
    function: row.function,
  });
}

export type ApiComfyNode = ReturnType<typeof toApiComfyNode>;
