import { describe, expect, it } from 'vitest';
import { toCardNode } from './card-node.ts';

describe('toCardNode', () => {
  it('keeps only what a card shows', () => {
    const api = {
      id: 'n',
      name: 'N',
      description: 'd',
      tags: ['t'],
      downloads: 3,
      github_stars: 4,
      status: 'NodeStatusActive' as const,
      repository: 'https://github.com/x/y',
      latest_version: { version: '1.0.0', createdAt: '2026-01-01T00:00:00Z', downloadUrl: 'https://x' },
      publisher: { id: 'p', name: 'P', description: 'long' },
    };
    expect(toCardNode(api)).toEqual({
      id: 'n',
      name: 'N',
      description: 'd',
      tags: ['t'],
      downloads: 3,
      github_stars: 4,
      status: 'NodeStatusActive',
      latest_version: { version: '1.0.0' },
      publisher: { id: 'p', name: 'P' },
    });
  });

  it('keeps the deprecated flag of a deprecated latest version (cards show a badge)', () => {
    expect(toCardNode({ id: 'old', latest_version: { version: '2.0.0', deprecated: true } })).toEqual({
      id: 'old',
      latest_version: { version: '2.0.0', deprecated: true },
    });
  });

  it('keeps the advisories affecting the listed version (cards show a badge), not an empty list', () => {
    expect(toCardNode({ id: 'bad', latest_version_advisories: ['NYSA-2026-0001'] })).toEqual({
      id: 'bad',
      latest_version_advisories: ['NYSA-2026-0001'],
    });
    expect(toCardNode({ id: 'fine', latest_version_advisories: [] })).toEqual({ id: 'fine' });
  });

  it('omits what is missing', () => {
    expect(toCardNode({ id: 'bare' })).toEqual({ id: 'bare' });
  });
});
