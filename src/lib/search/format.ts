// Label formatting for facets (numbers and dates live in src/lib/format/format.ts).

/**
 * A classifier as people say it: "POSIX :: Linux" → "Linux", "GPU :: NVIDIA CUDA" → "NVIDIA CUDA".
 * The full value stays in the URL and the tooltip.
 */
export function facetLabel(value: string): string {
  const parts = value
    .split('::')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.at(-1) ?? value;
}
