/** One ComfyUI node class found in a pack (the shape stored in comfy_nodes). */
export interface ExtractedNode {
  name: string;
  displayName: string | null;
  category: string | null;
  description: string | null;
  /** JSON text of INPUT_TYPES' result ({required, optional, hidden}). */
  inputTypes: string | null;
  returnTypes: string | null;
  returnNames: string | null;
  outputIsList: boolean[];
  function: string | null;
  deprecated: boolean;
  experimental: boolean;
}

export const emptyNode = (name: string): ExtractedNode => ({
  name,
  displayName: null,
  category: null,
  description: null,
  inputTypes: null,
  returnTypes: null,
  returnNames: null,
  outputIsList: [],
  function: null,
  deprecated: false,
  experimental: false,
});
