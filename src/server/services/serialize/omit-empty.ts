/** Drops null/undefined fields: clients expect absent keys, never `null` (Python clients crash on it). */
export function omitNullish<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
}
