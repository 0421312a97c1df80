import { describe, expect, it } from 'vitest';
import {
  archiveUploadUrl,
  commandLinePublish,
  isValidNodeId,
  pyprojectToml,
  reachableWithDevEnvironment,
} from './publish-commands.ts';

describe('publish commands', () => {
  it('writes a pyproject.toml with the publisher and node id', () => {
    const toml = pyprojectToml('acme', 'acme-nodes');
    expect(toml).toContain('name = "acme-nodes"');
    expect(toml).toContain('PublisherId = "acme"');
    expect(toml).toContain('version = "1.0.0"');
  });

  it('uses comfy-cli’s own publish only for an API at localhost:8080 (ENVIRONMENT=dev)', () => {
    expect(reachableWithDevEnvironment('http://localhost:8080')).toBe(true);
    expect(reachableWithDevEnvironment('http://127.0.0.1:8080/')).toBe(true);
    expect(reachableWithDevEnvironment('http://127.0.0.1:8081')).toBe(false);
    expect(reachableWithDevEnvironment('https://api.example.com')).toBe(false);
    expect(reachableWithDevEnvironment('not a url')).toBe(false);
    expect(commandLinePublish('http://localhost:8080', 'acme')).toEqual([
      'ENVIRONMENT=dev comfy node publish --token "$REGISTRY_ACCESS_TOKEN"',
    ]);
  });

  it('never tells anyone elsewhere to run comfy node publish, which would publish to api.comfy.org', () => {
    const lines = commandLinePublish('https://registry.example.org/', 'acme');
    expect(lines.join('\n')).not.toContain('comfy node publish');
    expect(lines[0]).toBe('comfy node pack');
    expect(lines.at(-1)).toBe("  'https://registry.example.org/publishers/acme/archives'");
    expect(archiveUploadUrl('https://r.example/api/', 'a b')).toBe('https://r.example/api/publishers/a%20b/archives');
  });

  it('checks node ids by the registry’s rule', () => {
    expect(isValidNodeId('ComfyUI-Fancy.Nodes')).toBe(true);
    expect(isValidNodeId('a')).toBe(true);
    expect(isValidNodeId('-a')).toBe(false);
    expect(isValidNodeId('a b')).toBe(false);
    expect(isValidNodeId('x'.repeat(101))).toBe(false);
    expect(isValidNodeId('x'.repeat(100))).toBe(true);
  });
});
