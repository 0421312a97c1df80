import type { AppDeps } from '../../../src/server/app-deps.ts';
import type { GitHubAccess, GitHubVerifier } from '../../../src/server/services/publishers/github-verifier.ts';

/**
 * A test double of the GitHub port (GitHub is unreachable from CI): answers `result` and records
 * what it was asked, so tests can check the repository and token that reached the port.
 */
export function githubDouble(result: GitHubAccess = { ok: true }) {
  const calls: { owner: string; repo: string; token: string }[] = [];
  const verifier: GitHubVerifier & { calls: typeof calls; answer: GitHubAccess } = {
    calls,
    answer: result,
    async checkRepoAccess(input) {
      calls.push(input);
      return verifier.answer;
    },
  };
  return verifier;
}

/** Installs the double as the services' GitHub port (the app reads it per request). */
export function useGitHubDouble(services: AppDeps, verifier: GitHubVerifier) {
  services.github = verifier;
}
