import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { findReadme, MAX_README_BYTES } from './find-readme.ts';

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

describe('findReadme', () => {
  it('finds README.md at the root, whatever its case', () => {
    expect(findReadme(zip({ '__init__.py': '', 'ReadMe.MD': '# Hi' }))).toEqual({
      path: 'ReadMe.MD',
      markdown: '# Hi',
    });
  });

  it('prefers the root over a folder, and README.md over a bare README', () => {
    const found = findReadme(zip({ 'docs/README.md': 'docs', README: 'bare', 'readme.md': 'root' }));
    expect(found?.markdown).toBe('root');
  });

  it('looks one folder down (a wrapper folder) but no deeper', () => {
    expect(findReadme(zip({ 'pack/README.md': 'wrapped' }))?.markdown).toBe('wrapped');
    expect(findReadme(zip({ 'a/b/README.md': 'deep' }))).toBeNull();
  });

  it('strips a byte-order mark', () => {
    expect(findReadme(zip({ 'README.md': '\uFEFF# T' }))?.markdown).toBe('# T');
  });

  it('returns null for no README, a corrupt zip, or an oversized README', () => {
    expect(findReadme(zip({ '__init__.py': '' }))).toBeNull();
    expect(findReadme(strToU8('not a zip at all'))).toBeNull();
    expect(findReadme(new Uint8Array(0))).toBeNull();
    expect(findReadme(zip({ 'README.md': 'x'.repeat(MAX_README_BYTES + 1) }))).toBeNull();
  });
});
