export interface GitHubRepoRef {
  owner: string;
  repo: string;
}

/**
 * owner/repo of a GitHub repository URL (https://github.com/owner/repo, with or without `.git`, a
 * trailing slash or a deeper path), or null when the URL is not a GitHub repository.
 */
export function parseGitHubRepo(url: string | null | undefined): GitHubRepoRef | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (!['github.com', 'www.github.com'].includes(parsed.hostname.toLowerCase())) return null;
  const [owner, rawRepo] = parsed.pathname.split('/').filter(Boolean);
  const repo = rawRepo?.replace(/\.git$/i, '');
  if (!owner || !repo) return null;
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(owner) || !/^[A-Za-z0-9._-]{1,100}$/.test(repo)) return null;
  return { owner, repo };
}
