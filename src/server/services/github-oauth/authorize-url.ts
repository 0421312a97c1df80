export interface AuthorizeUrlInput {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
}

/**
 * GitHub's authorize page for our OAuth app. No scope: the token only needs to read the repository's
 * `permissions` for the signed-in GitHub user (public repositories); `allow_signup=false` because a
 * brand-new GitHub account cannot own the repository anyway.
 */
export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  const url = new URL('login/oauth/authorize', withSlash(input.baseUrl));
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', '');
  url.searchParams.set('state', input.state);
  url.searchParams.set('allow_signup', 'false');
  return url.toString();
}

/** `new URL(path, base)` drops the base's own path unless it ends with "/" (GitHub Enterprise lives under one). */
export function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
