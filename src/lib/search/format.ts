// Number and label formatting for cards and facets (locale-aware, no server code).

const compactFormats = new Map<string, Intl.NumberFormat>();

/** 1234 → "1.2K" (in the page's language); small numbers stay exact. */
export function compactNumber(value: number, lang: string): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(lang, format);
  }
  return format.format(value);
}

/** Full number with grouping, for the result count and accessible labels. */
export const fullNumber = (value: number, lang: string) => new Intl.NumberFormat(lang).format(value);

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
