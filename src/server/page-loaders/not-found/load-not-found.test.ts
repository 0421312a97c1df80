import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { loadNotFound, queryFromPath } from './load-not-found.ts';

describe('queryFromPath', () => {
  it('reads a missing pack id, and the words of any other address', () => {
    expect(queryFromPath('/en/nodes/comfyui-impact-pak')).toEqual({
      missingPackId: 'comfyui-impact-pak',
      query: 'comfyui impact pak',
    });
    expect(queryFromPath('/ja/nodes/Mask%20Kit')).toEqual({ missingPackId: 'Mask Kit', query: 'Mask Kit' });
    expect(queryFromPath('/fr/upscale_tools.html')).toEqual({ query: 'upscale tools' });
    expect(queryFromPath('/en/nodes/a/b')).toEqual({ query: 'b' });
    expect(queryFromPath('/en/')).toEqual({ query: '' });
    // A broken escape is read as it is, never thrown.
    expect(queryFromPath('/en/nodes/%E0%A4%A')).toEqual({ missingPackId: '%E0%A4%A', query: '%E0%A4%A' });
  });
});

describe('loadNotFound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    await insertPublisher(db, { id: 'acme', name: 'Acme Nodes' });
    for (const pack of [
      { id: 'mask-kit', name: 'Mask Kit', description: 'Masks. See [a/docs](https://example.org/docs).' },
      { id: 'upscale-tools', name: 'Upscale Tools', description: 'Bigger images.' },
      { id: 'banned-mask', name: 'Banned Mask', description: 'Hidden.', status: 'NodeStatusBanned' as const },
    ]) {
      await insertNode(db, { publisherId: 'acme', ...pack });
      await insertVersion(db, { nodeId: pack.id, version: '1.0.0' });
    }
    await t.syncSearch();
  });
  afterAll(() => t.close());

  it('suggests visible packs whose names are near the missing id, with their descriptions as prose', async () => {
    const data = await loadNotFound(t.services, '/en/nodes/mask-kitt');
    expect(data.missingPackId).toBe('mask-kitt');
    expect(data.query).toBe('mask kitt');
    expect(data.suggestions[0]).toEqual({ id: 'mask-kit', name: 'Mask Kit', description: 'Masks. See docs.' });
    expect(data.suggestions.map((s) => s.id)).not.toContain('banned-mask');
  });

  it('offers nothing when the address has no words or the services are down, and still names the pack', async () => {
    expect(await loadNotFound(t.services, '/en/')).toEqual({ missingPackId: undefined, query: '', suggestions: [] });
    expect(await loadNotFound(undefined, '/en/nodes/mask-kit')).toEqual({
      missingPackId: 'mask-kit',
      query: 'mask kit',
      suggestions: [],
    });
  });
});
