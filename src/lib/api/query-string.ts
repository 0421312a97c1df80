/** Query values apiRequest accepts; null and undefined mean "leave the key out". */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
export type QueryParams = Record<string, QueryValue>;

/**
 * Serialises query params the way the registry API expects them: arrays as repeated keys
 * (`statuses=A&statuses=B`, never `statuses[]=` or a comma list), booleans as "true"/"false".
 * Returns "" or a string starting with "?".
 */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
