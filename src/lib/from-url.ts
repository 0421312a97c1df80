// Login and signup carry the page to come back to in `?fromUrl=`. Both the header links and the
// auth pages use these two helpers, so the encoding and the safety check live in one place.

export const FROM_URL_PARAM = 'fromUrl';

/** The `fromUrl` value for the page at `pathname` + `search`: the current path, URL-encoded. */
export function buildFromUrl(pathname: string, search = ''): string {
  return encodeURIComponent(pathname + search);
}

/** A link to an auth page that returns to the current page afterwards. */
export function authHref(authPath: string, currentPathname: string, currentSearch = ''): string {
  return `${authPath}?${FROM_URL_PARAM}=${buildFromUrl(currentPathname, currentSearch)}`;
}

/**
 * Reads `fromUrl` back, accepting only same-site paths: an attacker-supplied absolute or
 * protocol-relative URL would otherwise turn login into an open redirect.
 */
export function safeReturnPath(raw: string | null | undefined, fallback: string): string {
  if (!raw) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
