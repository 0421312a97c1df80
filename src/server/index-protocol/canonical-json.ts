// The index documents are compared and signed byte for byte, so they are written one way only:
// object keys in code-unit order, no whitespace, `undefined` members left out, arrays in the order
// given (callers sort rows themselves). Two instances serializing the same state get the same bytes.

/** Plain objects come back with their keys in code-unit order; everything else as it is. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new TypeError(`canonical JSON cannot hold ${value}`);
    return value;
  }
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

/**
 * The one serialization of an index document (see the file comment). JSON.stringify with a replacer
 * that orders keys: it already leaves out `undefined` members and writes strings and numbers the one
 * way JSON allows (the same rules as RFC 8785 for the values the index holds).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortedKeys);
}
