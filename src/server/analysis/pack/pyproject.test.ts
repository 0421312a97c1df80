import { describe, expect, it } from 'vitest';
import { buildZip, type PackFiles } from '#test/zip.ts';
import { readPackProject } from './pyproject.ts';
import { validateZip } from './validate-zip.ts';

// pyproject.toml read as comfy-cli reads it (comfy_cli/registry/config_parser.py), from a validated zip.

async function read(files: PackFiles) {
  const check = await validateZip(buildZip(files), { maxEntries: 100, maxUncompressedBytes: 10_000_000 });
  if (!check.ok) throw new Error(check.message);
  return readPackProject(check.archive);
}

const minimal = (extra = '', license = '') =>
  `[project]\nname = "pack"\nversion = " 1.2.3 "\n${license}\n${extra}\n[tool.comfy]\nPublisherId = "pub"\n`;

describe('readPackProject', () => {
  it('reads the fields comfy-cli sends, with empty strings as not given', async () => {
    const result = await read({
      'pyproject.toml':
        '[project]\nname = "pack"\nversion = "1.0.0"\ndescription = ""\n' +
        'dependencies = ["numpy", "comfyui-frontend-package>=1.2.0"]\n' +
        'classifiers = ["Operating System :: POSIX :: Linux", "Environment :: GPU :: AMD ROCm", "License :: MIT"]\n' +
        '[project.urls]\nRepository = "https://github.com/a/pack"\n' +
        '[tool.comfy]\nPublisherId = "pub"\nDisplayName = "Pack"\nIcon = ""\nrequires-comfyui = ">=0.3"\n',
    });
    expect(result).toEqual({
      ok: true,
      project: {
        name: 'pack',
        version: '1.0.0',
        publisherId: 'pub',
        displayName: 'Pack',
        repository: 'https://github.com/a/pack',
        dependencies: ['numpy'],
        requiresFrontend: '>=1.2.0',
        requiresComfyui: '>=0.3',
        supportedOs: ['POSIX :: Linux'],
        supportedAccelerators: ['GPU :: AMD ROCm'],
      },
    });
  });

  it('encodes each license form as comfy-cli does, and trims the version', async () => {
    const text = await read({ 'pyproject.toml': minimal('', 'license = "MIT"') });
    expect(text).toMatchObject({ ok: true, project: { license: '{"text":"MIT"}', version: '1.2.3' } });
    const file = await read({ 'pyproject.toml': minimal('', 'license = { file = "LICENSE" }') });
    expect(file).toMatchObject({ ok: true, project: { license: '{"file":"LICENSE"}' } });
    const bad = await read({ 'pyproject.toml': minimal('', 'license = { name = "MIT" }') });
    expect(bad).toEqual({ ok: false, problem: 'field', field: 'project.license', issue: 'invalid_format' });
  });

  it('accepts a byte-order mark and refuses bytes that are not UTF-8', async () => {
    expect(await read({ 'pyproject.toml': `\ufeff${minimal()}` })).toMatchObject({ ok: true });
    const latin1 = Uint8Array.from([...new TextEncoder().encode(minimal()), 0xe9]);
    expect(await read({ 'pyproject.toml': latin1 })).toMatchObject({ ok: false, problem: 'unreadable' });
  });

  it('names the one folder that holds pyproject.toml when the zip was made of the folder', async () => {
    expect(await read({ 'pack/pyproject.toml': minimal(), 'pack/a.py': '' })).toEqual({
      ok: false,
      problem: 'missing',
      nestedIn: 'pack',
    });
    expect(await read({ 'a/pyproject.toml': minimal(), 'b/a.py': '' })).toEqual({ ok: false, problem: 'missing' });
  });

  it('wants PublisherId, as comfy-cli does before publishing', async () => {
    expect(await read({ 'pyproject.toml': '[project]\nname = "pack"\nversion = "1.0.0"\n' })).toEqual({
      ok: false,
      problem: 'field',
      field: 'tool.comfy.PublisherId',
      issue: 'required',
    });
  });
});
