// The one check for "an absolute http(s) address": publisher input (icons, repositories, links in a
// description), OAuth origins and image-proxy targets must never become javascript:, data: or
// other-scheme URLs.

/** The parsed URL when `value` is an absolute http(s) URL with a host, else null. */
export function parseWebUrl(value: string | null | undefined): URL | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 ? url : null;
}

export function isWebUrl(value: string | null | undefined): boolean {
  return parseWebUrl(value) !== null;
}
