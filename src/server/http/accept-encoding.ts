/** The encodings the server keeps pre-compressed copies of, best first. */
export type StoredEncoding = 'br' | 'gzip';

/**
 * The best of `available` (in its order of preference) that an Accept-Encoding header accepts, or null
 * (then the identity body goes out). A coding is accepted when the header names it, or `*`, with q > 0;
 * an explicit `q=0` refuses it even when `*` would take it. Ties go to our order, not the header's:
 * browsers list "gzip, deflate, br", and brotli is the smaller body.
 */
export function pickEncoding(
  header: string | string[] | undefined,
  available: readonly StoredEncoding[],
): StoredEncoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: StoredEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}
