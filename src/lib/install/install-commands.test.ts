import { describe, expect, it } from 'vitest';
import { cloneableRepository, comfyInstallCommand, gitCloneCommand, installFolder } from './install-commands.ts';

describe('install commands', () => {
  it('installs with comfy-cli, pinned when a version is given', () => {
    expect(comfyInstallCommand('acme-pack')).toBe('comfy node install acme-pack');
    expect(comfyInstallCommand('acme-pack', '1.2.0')).toBe('comfy node install acme-pack@1.2.0');
  });

  it('clones a plain repository URL into a folder named after the id', () => {
    expect(gitCloneCommand('https://github.com/acme/pack/', 'acme pack')).toBe(
      'git clone https://github.com/acme/pack acme_pack',
    );
    expect(installFolder('Acme.Pack-2')).toBe('Acme.Pack-2');
  });

  it('offers no clone line for a missing or shell-unsafe repository', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'ftp://x.example/a',
      'https://x.example/a;rm -rf ~',
      'https://x.example/$(id)',
    ]) {
      expect(cloneableRepository(bad)).toBeNull();
      expect(gitCloneCommand(bad, 'pack')).toBeNull();
    }
  });
});
