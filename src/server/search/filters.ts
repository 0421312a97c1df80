/**
 * Facet filters. OS and accelerator values are trove-style classifiers ("Microsoft :: Windows :: Windows 10",
 * "GPU :: NVIDIA CUDA") while the ComfyUI frontend sends short names (`windows`, `cuda`), so matching is
 * case-insensitive, hierarchical (a filter matches its descendants and ancestors) and understands the aliases.
 * Several values of one facet mean "any of them"; different facets are combined with AND.
 */

export type ValueMatcher = (normalizedValues: readonly string[]) => boolean;

const OS_ALIASES: Record<string, string> = {
  windows: 'microsoft :: windows',
  win: 'microsoft :: windows',
  linux: 'posix :: linux',
  mac: 'macos',
  osx: 'macos',
  darwin: 'macos',
};
/** A node that runs anywhere matches every OS filter. */
const OS_INDEPENDENT = 'os independent';

const ACCELERATOR_ALIASES: Record<string, string> = {
  cuda: 'gpu :: nvidia cuda',
  nvidia: 'gpu :: nvidia cuda',
  rocm: 'gpu :: amd rocm',
  amd: 'gpu :: amd rocm',
  mps: 'gpu :: apple metal',
  metal: 'gpu :: apple metal',
  xpu: 'gpu :: intel arc',
  arc: 'gpu :: intel arc',
  npu: 'npu :: huawei ascend',
  ascend: 'npu :: huawei ascend',
};

/** `"  Microsoft::Windows "` → `"microsoft :: windows"`. */
export function normalizeClassifier(value: string): string {
  return value
    .toLowerCase()
    .split('::')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part.length > 0)
    .join(' :: ');
}

export function normalizeTag(value: string): string {
  return value.trim().toLowerCase();
}

function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b} :: `) || b.startsWith(`${a} :: `);
}

function classifierMatcher(wanted: readonly string[] | undefined, aliases: Record<string, string>, universal?: string) {
  const targets = (wanted ?? []).map(normalizeClassifier).filter((v) => v.length > 0);
  if (targets.length === 0) return null;
  const resolved = targets.map((t) => aliases[t] ?? t);
  // Facet semantics: a node matches when it DECLARES the platform (or "OS Independent"). Nodes that
  // declare nothing do not match, unlike GET /nodes where an empty list means "unrestricted";
  // documented in docs/api.md.
  const matcher: ValueMatcher = (values) =>
    values.some((value) => value === universal || resolved.some((target) => related(value, target)));
  return matcher;
}

export function osMatcher(wanted: readonly string[] | undefined): ValueMatcher | null {
  return classifierMatcher(wanted, OS_ALIASES, OS_INDEPENDENT);
}

export function acceleratorMatcher(wanted: readonly string[] | undefined): ValueMatcher | null {
  return classifierMatcher(wanted, ACCELERATOR_ALIASES);
}

export function tagMatcher(wanted: readonly string[] | undefined): ValueMatcher | null {
  const targets = new Set((wanted ?? []).map(normalizeTag).filter((v) => v.length > 0));
  if (targets.size === 0) return null;
  return (values) => values.some((value) => targets.has(value));
}
