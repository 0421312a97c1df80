import { describe, expect, it } from 'vitest';
import { affectsVersion, specifierAdmitsAffected } from './version-ranges.ts';
import { parsePythonRequirement } from './python-requirement.ts';

describe('affectsVersion', () => {
  it('packs: semver ranges (introduced inclusive, fixed exclusive) and exact lists', () => {
    const affected = { ranges: [{ introduced: '1.2.0', fixed: '1.4.0' }], versions: ['2.0.0'] };
    expect(
      ['1.1.9', '1.2.0', '1.3.5', '1.4.0', '2.0.0', '2.0.1'].map((v) => affectsVersion('Nodeyard', affected, v)),
    ).toEqual([false, true, true, false, true, false]);
    expect(affectsVersion('Nodeyard', { ranges: [{ introduced: '0' }], versions: [] }, '0.0.1')).toBe(true);
    expect(
      affectsVersion('Nodeyard', { ranges: [{ introduced: '0', last_affected: '1.0.0' }], versions: [] }, '1.0.0'),
    ).toBe(true);
    expect(
      affectsVersion('Nodeyard', { ranges: [{ introduced: '0', last_affected: '1.0.0' }], versions: [] }, '1.0.1'),
    ).toBe(false);
  });

  it('Python packages: PEP 440 order, where semver would be wrong', () => {
    const affected = { ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }], versions: [] };
    // 1.82.10 sorts before 1.82.9 as text; PEP 440 knows better. 1.82.9rc1 is a pre-release of the fix: affected.
    expect(
      ['1.82.6', '1.82.7', '1.82.8.post1', '1.82.9rc1', '1.82.9', '1.82.10'].map((v) =>
        affectsVersion('PyPI', affected, v),
      ),
    ).toEqual([false, true, true, true, false, false]);
    expect(affectsVersion('PyPI', { ranges: [], versions: ['8.3.41'] }, '8.3.41.0')).toBe(true);
    expect(affectsVersion('PyPI', affected, 'not a version')).toBe(false);
  });
});

describe('specifierAdmitsAffected: does a declared dependency let pip pick an affected version', () => {
  const litellm = { ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }], versions: ['1.82.7', '1.82.8'] };
  it.each([
    ['', true],
    ['>=1.80', true],
    ['==1.82.8', true],
    ['~=1.82.0', true],
    ['==1.82.*', true],
    ['>1.82.6,<1.83', true],
    ['<1.80', false],
    ['==1.82.9', false],
    ['>=1.82.9', false],
    ['>1.82.8', false],
    ['!=1.82.7,!=1.82.8,>=1.82', false], // both real releases excluded
  ])('%s → %s', (specifier, admits) => {
    expect(specifierAdmitsAffected(specifier, litellm)).toBe(admits);
  });

  it('an exact-version report (no ranges) is admitted only by specifiers that allow one of its versions', () => {
    const miner = { ranges: [], versions: ['8.3.41', '8.3.42'] };
    expect(specifierAdmitsAffected('>=8.3', miner)).toBe(true);
    expect(specifierAdmitsAffected('==8.3.40', miner)).toBe(false);
    expect(specifierAdmitsAffected('>=8.3.43', miner)).toBe(false);
  });

  it('without a list, ranges decide: an exclusive bound inside the range still admits it', () => {
    const unlisted = { ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }], versions: [] };
    expect(specifierAdmitsAffected('>1.82.8', unlisted)).toBe(true);
    expect(specifierAdmitsAffected('!=1.82.7,!=1.82.8,>=1.82', unlisted)).toBe(true);
    expect(specifierAdmitsAffected('<1.82.7', unlisted)).toBe(false);
  });

  it('a range from the first version on meets any specifier with a version in it', () => {
    const old = { ranges: [{ introduced: '0', fixed: '10.0.1' }], versions: [] };
    expect(specifierAdmitsAffected('<=9', old)).toBe(true);
    expect(specifierAdmitsAffected('>=10.0.1', old)).toBe(false);
    expect(specifierAdmitsAffected('>10.0.0', old)).toBe(true);
  });
});

describe('parsePythonRequirement', () => {
  it.each([
    ['litellm>=1.80', { name: 'litellm', specifier: '>=1.80' }],
    ['LiteLLM[proxy] == 1.82.8 ; python_version >= "3.10"', { name: 'litellm', specifier: '== 1.82.8' }],
    ['Pillow_SIMD (>=9,<10)', { name: 'pillow-simd', specifier: '>=9,<10' }],
    ['numpy  # pinned elsewhere', { name: 'numpy', specifier: '' }],
    ['torch>=bogus', { name: 'torch', specifier: '' }],
  ])('%s', (line, expected) => {
    expect(parsePythonRequirement(line)).toEqual(expected);
  });

  it.each(['', '-r requirements.txt', 'git+https://github.com/a/b', 'pkg @ https://example.org/pkg.whl'])(
    'names no index release: %j',
    (line) => expect(parsePythonRequirement(line)).toBeNull(),
  );
});
