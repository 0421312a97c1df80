import type { GitHubRepoRef } from './github-repo.ts';

/** What GitHub says about a token and a repository. */
export type GitHubAccess =
  | { ok: true }
  | {
      ok: false;
      reason: 'invalid_token' | 'not_found' | 'insufficient_permission' | 'rate_limited' | 'unavailable';
    };

/**
 * The GitHub port of claim-my-node: may the holder of `token` push to (or administer) the repository?
 * Routes depend on this interface only; tests hand in a double, production the HTTP implementation below.
 */
export interface GitHubVerifier {
  checkRepoAccess(input: GitHubRepoRef & { token: string }): Promise<GitHubAccess>;
}

interface RepoBody {
  permissions?: { admin?: boolean; push?: boolean };
}

/** Maps GitHub's answer to GET /repos/{owner}/{repo} (kept pure so every branch is testable). */
export function interpretRepoResponse(status: number, headers: Headers, body: unknown): GitHubAccess {
  if (status === 200) {
    const permissions = (body as RepoBody | null)?.permissions;
    return permissions?.admin === true || permissions?.push === true
      ? { ok: true }
      : { ok: false, reason: 'insufficient_permission' };
  }
  if (status === 401) return { ok: false, reason: 'invalid_token' };
  const throttled = headers.get('x-ratelimit-remaining') === '0' || headers.has('retry-after');
  if (status === 429 || (status === 403 && throttled)) {
    return { ok: false, reason: 'rate_limited' };
  }
  // GitHub answers 404 (not 403) for private repositories the token cannot see.
  if (status === 404) return { ok: false, reason: 'not_found' };
  if (status === 403) return { ok: false, reason: 'insufficient_permission' };
  return { ok: false, reason: 'unavailable' };
}

export interface GitHubVerifierOptions {
  /** Default https://api.github.com (GitHub Enterprise has its own). */
  apiBase?: string;
  timeoutMs?: number;
}

/** The real verifier: one authenticated GET /repos/{owner}/{repo}, with a timeout. */
export function createGitHubVerifier(options: GitHubVerifierOptions = {}): GitHubVerifier {
  const apiBase = (options.apiBase ?? 'https://api.github.com').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async checkRepoAccess({ owner, repo, token }) {
      let response: Response;
      try {
        response = await fetch(`${apiBase}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`, {
          headers: {
            accept: 'application/vnd.github+json',
            authorization: `Bearer ${token}`,
            'user-agent': 'Nodeyard-registry',
            'x-github-api-version': '2022-11-28',
          },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        // Network failure or timeout: GitHub is unreachable, not the caller's fault.
        return { ok: false, reason: 'unavailable' };
      }
      const body: unknown = response.status === 200 ? await response.json().catch(() => null) : null;
      if (response.status !== 200) await response.body?.cancel().catch(() => undefined);
      return interpretRepoResponse(response.status, response.headers, body);
    },
  };
}
