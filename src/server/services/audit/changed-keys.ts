// An audit row carries exactly the keys a write changed, before and after: these two helpers compute them.

/** Keys whose value differs between two states (lists and scalars compared as JSON). */
export function diffKeys<T extends object>(current: T, wanted: Partial<T>): (keyof T)[] {
  return (Object.keys(wanted) as (keyof T)[]).filter(
    (key) => wanted[key] !== undefined && JSON.stringify(current[key]) !== JSON.stringify(wanted[key]),
  );
}

export function pick<T extends object>(state: T, keys: readonly (keyof T)[]): Partial<T> {
  return Object.fromEntries(keys.map((key) => [key, state[key]])) as Partial<T>;
}
