import { parseWebUrl } from '../../../lib/url/web-url.ts';
/**
 * The URL if it is absolute http(s), else null. Node and publisher fields (icon, repository,
 * website) are publisher input: they must never become javascript: links or odd-scheme images.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  return parseWebUrl(value)?.href ?? null;
}

/** A URL for reading, without the scheme and trailing slash ("github.com/acme/pack"). */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/+$/, '');
}

// Shell safety of repository URLs lives with the install commands that need it (browser-safe).
export { isShellSafeUrl } from '../../../lib/install/install-commands.ts';
