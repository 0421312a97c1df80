import type { ComfyNodeRow } from '../../db/rows.ts';

export interface ClassInput {
  name: string;
  /** The socket type ("IMAGE"), or "COMBO" for a list of choices. */
  type: string;
  optional: boolean;
}

export interface ClassOutput {
  name: string;
  type: string;
  isList: boolean;
}

/** A node class as the page lists it. */
export interface ClassView {
  name: string;
  displayName: string | null;
  category: string | null;
  description: string | null;
  deprecated: boolean;
  experimental: boolean;
  inputs: ClassInput[];
  outputs: ClassOutput[];
}

function parseJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function inputType(spec: unknown): string {
  const head = Array.isArray(spec) ? spec[0] : spec;
  if (typeof head === 'string') return head;
  if (Array.isArray(head)) return 'COMBO';
  return '?';
}

/** INPUT_TYPES() as stored: {"required": {"image": ["IMAGE"]}, "optional": {...}}; hidden inputs are not sockets. */
function parseInputs(text: string | null): ClassInput[] {
  const parsed = parseJson(text);
  if (!parsed || typeof parsed !== 'object') return [];
  const groups = parsed as Record<string, unknown>;
  return (['required', 'optional'] as const).flatMap((group) => {
    const entries = groups[group];
    if (!entries || typeof entries !== 'object') return [];
    return Object.entries(entries as Record<string, unknown>).map(([name, spec]) => ({
      name,
      type: inputType(spec),
      optional: group === 'optional',
    }));
  });
}

function stringList(text: string | null): string[] {
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? parsed.map((item) => (typeof item === 'string' ? item : inputType(item))) : [];
}

function parseOutputs(row: ComfyNodeRow): ClassOutput[] {
  const types = stringList(row.returnTypes);
  const names = stringList(row.returnNames);
  return types.map((type, i) => ({ name: names[i] || type, type, isList: row.outputIsList[i] === true }));
}

/** A comfy_nodes row as the page shows it; malformed type JSON shows no sockets rather than failing. */
export function classView(row: ComfyNodeRow): ClassView {
  return {
    name: row.name,
    displayName: row.displayName && row.displayName !== row.name ? row.displayName : null,
    category: row.category,
    description: row.description,
    deprecated: row.deprecated,
    experimental: row.experimental,
    inputs: parseInputs(row.inputTypes),
    outputs: parseOutputs(row),
  };
}
