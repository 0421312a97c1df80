import type { GitHubRepoRef } from '../publishers/github-repo.ts';

// One public GET /repos/{owner}/{repo} per node: stargazers_count. Pure HTTP, no database, so the
// batch decides what to store and every failure is a value, never a thrown error.

export type StarsAnswer =
  { ok: true; stars: number } | { ok: false; reason: 'not_found' | 'rate_limited' | 'unavailable' | 'bad_response' };

export interface StarsClientOptions {
  /** GitHub's REST API base, GITHUB_API_URL (default https://api.github.com). */
  apiBase?: string;
  /** GITHUB_API_TOKEN: a higher rate limit. Never logged, never in a URL. */
  token?: string;
  timeoutMs?: number;
}

export type FetchStars = (repo: GitHubRepoRef) => Promise<StarsAnswer>;

export function createStarsClient(options: StarsClientOptions = {}): FetchStars {
  const apiBase = (options.apiBase ?? 'https://api.github.com').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async ({ owner, repo }) => {
    let response: Response;
    try {
      response = await fetch(`${apiBase}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`, {
        redirect: 'follow',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          accept: 'application/vnd.github+json',
          'user-agent': 'Nodeyard-registry',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      });
    } catch {
      return { ok: false, reason: 'unavailable' };
    }
    const body = (await response.json().catch(() => null)) as { stargazers_count?: unknown } | null;
    if (response.status === 200) {
      const stars = body?.stargazers_count;
      return typeof stars === 'number' && Number.isInteger(stars) && stars >= 0
        ? { ok: true, stars }
        : { ok: false, reason: 'bad_response' };
    }
    if (response.status === 404) return { ok: false, reason: 'not_found' };
    const throttled = response.headers.get('x-ratelimit-remaining') === '0' || response.headers.has('retry-after');
    if (response.status === 429 || (response.status === 403 && throttled)) return { ok: false, reason: 'rate_limited' };
    return { ok: false, reason: 'unavailable' };
  };
}
