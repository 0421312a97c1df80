import { encodeLicense, licenseFormValue } from '../license/license.ts';
import type { RegistryNode } from './api-types.ts';

/** The editable node fields as the form holds them (tags as one comma-separated line, the license as its text). */
export interface NodeFormValues {
  name: string;
  description: string;
  license: string;
  repository: string;
  icon: string;
  tags: string;
}

export function nodeToForm(node: RegistryNode): NodeFormValues {
  return {
    name: node.name ?? '',
    description: node.description ?? '',
    license: licenseFormValue(node.license),
    repository: node.repository ?? '',
    icon: node.icon ?? '',
    tags: (node.tags ?? []).join(', '),
  };
}

/** "a, b,,  c, a" → ["a", "b", "c"]: trimmed, no empties, first occurrence kept. */
export function parseTags(line: string): string[] {
  return [
    ...new Set(
      line
        .split(/[,\n]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

export type NodeUpdateBody = Partial<Omit<NodeFormValues, 'tags'> & { tags: string[] }>;

/**
 * The PUT body: only the fields that changed (absent = unchanged on the server; '' clears an
 * optional field), so an edit never overwrites a field someone else changed meanwhile.
 */
export function nodeUpdateBody(
  before: NodeFormValues,
  after: NodeFormValues,
  storedLicense?: string | null,
): NodeUpdateBody {
  const body: NodeUpdateBody = {};
  for (const key of ['name', 'description', 'license', 'repository', 'icon'] as const) {
    if (after[key].trim() !== before[key].trim()) body[key] = after[key].trim();
  }
  // The license is stored the way comfy-cli stores it, never as the bare text typed.
  if (body.license !== undefined) body.license = encodeLicense(body.license, storedLicense);
  const tags = parseTags(after.tags);
  if (tags.join('\u0000') !== parseTags(before.tags).join('\u0000')) body.tags = tags;
  return body;
}
