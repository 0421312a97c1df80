// The admin node list, generated from docs/openapi.json (see src/lib/api/types.ts).
import type { ApiSchema } from '../../lib/api/types.ts';

export type AdminNode = ApiSchema<'Node'>;
export type NodeListPage = ApiSchema<'NodeList'>;

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
