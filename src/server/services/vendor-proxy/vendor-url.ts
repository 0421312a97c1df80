/**
 * The one way a vendor URL is made: the configured base URL plus path segments that are each
 * percent-encoded (so `/`, `?`, `#` and `..` inside a value stay data), plus query pairs. The result
 * is checked to still be under the base URL; anything else is a bug, never a request.
 */
export function buildVendorUrl(baseUrl: string, segments: string[], query: [string, string][] = []): URL {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.origin);
  url.pathname = `${basePath}/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
  for (const [key, value] of query) url.searchParams.append(key, value);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) {
    throw new Error('vendor URL escaped its base');
  }
  return url;
}

/**
 * Task ids as vendors issue them (uuids, `resp_…`, `cgt-2025…`, numbers): letters, digits, `_`,
 * `-`, `.` and `~`, starting with a letter or digit. This rules out `.`/`..`, slashes (also
 * encoded ones, which arrive decoded), `:` of absolute URLs, whitespace and control characters.
 */
export const TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;
