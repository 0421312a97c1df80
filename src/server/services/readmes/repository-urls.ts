/** Where a README's relative links and images point, derived from the node's repository URL. */
export interface RepositoryBases {
  /** Base for relative links (a page showing the file). */
  link: string | null;
  /** Base for relative images (the raw file). */
  image: string | null;
}

const GITHUB = /^https?:\/\/(?:www\.)?github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i;
const GITLAB = /^https?:\/\/(?:www\.)?gitlab\.com\/((?:[\w.-]+\/)+[\w.-]+?)(?:\.git)?\/?$/i;

/**
 * GitHub and GitLab READMEs resolve relative paths against the default branch (HEAD); for any other
 * host we cannot know the raw-file URL scheme, so relative links and images are dropped.
 */
export function repositoryBases(repository: string | null | undefined): RepositoryBases {
  const url = repository?.trim() ?? '';
  const github = GITHUB.exec(url);
  if (github) {
    const [, owner, repo] = github;
    return {
      link: `https://github.com/${owner}/${repo}/blob/HEAD/`,
      image: `https://raw.githubusercontent.com/${owner}/${repo}/HEAD/`,
    };
  }
  const gitlab = GITLAB.exec(url);
  if (gitlab) {
    const project = `https://gitlab.com/${gitlab[1]}`;
    return { link: `${project}/-/blob/HEAD/`, image: `${project}/-/raw/HEAD/` };
  }
  return { link: null, image: null };
}

const SAFE_SCHEME = /^(?:https?:|mailto:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * An absolute, safe URL for a README reference, or null to drop it. Absolute http(s) (and mailto for
 * links) pass; other schemes (javascript:, data:, vbscript:) never do; in-page anchors stay; relative
 * paths are resolved against the repository base.
 */
export function resolveReference(raw: string, base: string | null, kind: 'link' | 'image'): string | null {
  // Browsers ignore whitespace and control characters inside a scheme ("java\nscript:").
  const value = raw.trim();
  const squashed = [...value].filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f).join('');
  if (kind === 'link' && value.startsWith('#')) return value;
  if (squashed.startsWith('//')) return resolveReference(`https:${value}`, base, kind);
  if (ANY_SCHEME.test(squashed)) {
    if (!SAFE_SCHEME.test(squashed)) return null;
    if (kind === 'image' && !/^https?:/i.test(squashed)) return null;
    return kind === 'image' ? rawGithubImage(value) : value;
  }
  if (!base || value === '') return null;
  try {
    return new URL(value.replace(/^(?:\.\/)+/, '').replace(/^\/+/, ''), base).href;
  } catch {
    return null;
  }
}

const GITHUB_BLOB = /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)\/blob\/(.+)$/i;

/** github.com/…/blob/… is an HTML page, not an image: READMEs often use it, GitHub rewrites it to raw. */
function rawGithubImage(url: string): string {
  const match = GITHUB_BLOB.exec(url);
  if (!match) return url;
  const [, owner, repo, rest] = match;
  return `https://raw.githubusercontent.com/${owner}/${repo}/${rest}`;
}
