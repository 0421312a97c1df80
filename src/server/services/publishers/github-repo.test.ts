import { describe, expect, it } from 'vitest';
import { parseGitHubRepo } from './github-repo.ts';

describe('parseGitHubRepo', () => {
  it('reads owner and repository from the usual URL shapes', () => {
    expect(parseGitHubRepo('https://github.com/comfyanonymous/ComfyUI')).toEqual({
      owner: 'comfyanonymous',
      repo: 'ComfyUI',
    });
    expect(parseGitHubRepo('https://www.github.com/a-b/c.d_e.git')).toEqual({ owner: 'a-b', repo: 'c.d_e' });
    expect(parseGitHubRepo('http://github.com/x/y/tree/main/sub')).toEqual({ owner: 'x', repo: 'y' });
    expect(parseGitHubRepo(' https://github.com/x/y/ ')).toEqual({ owner: 'x', repo: 'y' });
  });

  it('refuses anything that is not a GitHub repository', () => {
    for (const url of [
      null,
      '',
      'https://gitlab.com/x/y',
      'https://github.com/x',
      'git@github.com:x/y.git',
      'https://github.com.evil.example/x/y',
      'ftp://github.com/x/y',
      'https://github.com/-bad/y',
    ]) {
      expect(parseGitHubRepo(url)).toBeNull();
    }
  });
});
