import { describe, expect, it } from 'vitest';
import { repositoryBases, resolveReference } from './repository-urls.ts';

describe('repositoryBases', () => {
  it('knows GitHub (with or without .git and a trailing slash) and GitLab', () => {
    const expected = {
      link: 'https://github.com/o/r/blob/HEAD/',
      image: 'https://raw.githubusercontent.com/o/r/HEAD/',
    };
    expect(repositoryBases('https://github.com/o/r')).toEqual(expected);
    expect(repositoryBases('https://github.com/o/r.git')).toEqual(expected);
    expect(repositoryBases('http://www.github.com/o/r/')).toEqual(expected);
    expect(repositoryBases('https://gitlab.com/g/sub/r')).toEqual({
      link: 'https://gitlab.com/g/sub/r/-/blob/HEAD/',
      image: 'https://gitlab.com/g/sub/r/-/raw/HEAD/',
    });
  });

  it('has no bases for other hosts or nothing', () => {
    expect(repositoryBases('https://example.com/o/r')).toEqual({ link: null, image: null });
    expect(repositoryBases(null)).toEqual({ link: null, image: null });
  });
});

describe('resolveReference', () => {
  const base = 'https://github.com/o/r/blob/HEAD/';
  it('keeps safe absolute URLs and anchors, resolves relative ones', () => {
    expect(resolveReference('https://a.example/x', base, 'link')).toBe('https://a.example/x');
    expect(resolveReference('mailto:a@b.c', base, 'link')).toBe('mailto:a@b.c');
    expect(resolveReference('#install', base, 'link')).toBe('#install');
    expect(resolveReference('//cdn.example/x.png', base, 'image')).toBe('https://cdn.example/x.png');
    expect(resolveReference('./a/b.md', base, 'link')).toBe('https://github.com/o/r/blob/HEAD/a/b.md');
  });

  it('refuses dangerous schemes and mailto images', () => {
    expect(resolveReference(' javascript:alert(1)', base, 'link')).toBeNull();
    expect(resolveReference('jav&#x09;ascript:x', null, 'link')).toBeNull();
    expect(resolveReference('data:image/png;base64,AAAA', base, 'image')).toBeNull();
    expect(resolveReference('mailto:a@b.c', base, 'image')).toBeNull();
    expect(resolveReference('x.png', null, 'image')).toBeNull();
  });
});
