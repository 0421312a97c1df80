// The index documents are compared and signed byte for byte, so they are written one way only:
// object keys in code-unit order, no whitespace, `undefined` members left out, arrays in the order
// given (callers sort rows themselves). Two instances serializing the same state get the same bytes.

function write(value: unknown, out: string[]): void {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    out.push(JSON.stringify(value));
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`canonical JSON cannot hold ${value}`);
    out.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, index) => {
      if (index > 0) out.push(',');
      write(item === undefined ? null : item, out);
    });
    out.push(']');
    return;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    out.push('{');
    entries.forEach(([key, member], index) => {
      if (index > 0) out.push(',');
      out.push(JSON.stringify(key), ':');
      write(member, out);
    });
    out.push('}');
    return;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}

/** The one serialization of an index document (see the file comment). */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}
