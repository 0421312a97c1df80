export interface AdminNode {
  id: string;
  name: string;
  repository?: string;
  tags?: string[];
  tags_admin?: string[];
  search_ranking?: number;
  preempted_comfy_node_names?: string[];
  supported_os?: string[];
  supported_accelerators?: string[];
  supported_comfyui_version?: string;
  supported_comfyui_frontend_version?: string;
  downloads?: number;
  status?: string;
  publisher?: { id: string; name: string };
}

export interface NodePage {
  nodes: AdminNode[];
  total: number;
  page: number;
  totalPages: number;
}

/** "a, b ,, c" → ["a", "b", "c"] (also one per line). */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
