import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { nodes } from '../../db/schema/index.ts';
import { insertComfyNode } from '#test/routes/node-read-fixtures.ts';
import { loadAllDocuments, loadDocuments } from './node-documents.ts';

describe('search documents from database rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const studio = await insertPublisher(db, { id: 'studio', name: 'Upscale Studio' });
    await insertNode(db, {
      id: 'video-suite',
      publisherId: studio.id,
      name: 'Video Suite',
      description: 'Load and save video',
      author: 'kosinkadink',
      repository: 'https://github.com/k/video-suite',
      tags: ['video', 'io'],
      supportedOs: ['POSIX :: Linux'],
      supportedAccelerators: ['GPU :: NVIDIA CUDA'],
      totalInstall: 1234,
      githubStars: 56,
      searchRanking: 3,
      catalogComfyNodeNames: ['CatalogOnly'],
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
      updatedAt: new Date('2026-02-03T04:05:06.789Z'),
    });
    const old = await insertVersion(db, { nodeId: 'video-suite', version: '1.0.0' });
    const latest = await insertVersion(db, { nodeId: 'video-suite', version: '1.2.0' });
    const pending = await insertVersion(db, {
      nodeId: 'video-suite',
      version: '2.0.0',
      status: 'NodeVersionStatusPending',
    });
    await insertComfyNode(db, old.id, 'VHS_OldLoader');
    await insertComfyNode(db, latest.id, 'VHS_SaveVideo');
    await insertComfyNode(db, latest.id, 'VHS_LoadVideo');
    await insertComfyNode(db, pending.id, 'VHS_Future');
    // Imported pack: no version here, classes from the catalogue; no author or repository.
    await insertNode(db, {
      id: 'imported',
      publisherId: studio.id,
      author: null,
      repository: null,
      catalogComfyNodeNames: ['CatA', 'CatB', 'CatA'],
    });
    // A version without extracted classes falls back to the catalogue too.
    await insertNode(db, { id: 'no-classes', publisherId: studio.id, catalogComfyNodeNames: ['Known'] });
    await insertVersion(db, { nodeId: 'no-classes', version: '1.0.0' });
    await insertNode(db, { id: 'banned', publisherId: studio.id, status: 'NodeStatusBanned' });
    await insertNode(db, { id: 'gone', publisherId: studio.id, status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  it('maps every field, class names from the latest Active version only', async () => {
    const [doc] = await loadDocuments(t.services.db, eq(nodes.id, 'video-suite'));
    expect(doc).toEqual({
      id: 'video-suite',
      name: 'Video Suite',
      description: 'Load and save video',
      author: 'kosinkadink',
      publisherId: 'studio',
      publisherName: 'Upscale Studio',
      tags: ['video', 'io'],
      classNames: ['VHS_LoadVideo', 'VHS_SaveVideo'],
      supportedOs: ['POSIX :: Linux'],
      supportedAccelerators: ['GPU :: NVIDIA CUDA'],
      downloads: 1234,
      stars: 56,
      searchRanking: 3,
      createdAt: Date.parse('2026-01-02T03:04:05.678Z'),
      // Adding versions moved the latest version, which bumps updated_at (the search change feed).
      updatedAt: expect.any(Number),
      status: 'NodeStatusActive',
      repositoryUrl: 'https://github.com/k/video-suite',
    });
    expect(doc!.updatedAt).toBeGreaterThan(Date.parse('2026-02-03T04:05:06.789Z'));
  });

  it('falls back to the catalogue class names, without duplicates; null author and repository', async () => {
    const docs = await loadDocuments(t.services.db, undefined);
    const byId = new Map(docs.map((doc) => [doc.id, doc]));
    expect(byId.get('imported')).toMatchObject({ author: '', classNames: ['CatA', 'CatB'] });
    expect(byId.get('imported')).not.toHaveProperty('repositoryUrl');
    expect(byId.get('no-classes')!.classNames).toEqual(['Known']);
    // Deleted rows are loaded on request, so a changed node can be removed from the index.
    expect(byId.get('gone')!.status).toBe('NodeStatusDeleted');
  });

  it('loads every searchable node at start-up: banned kept, deleted left out', async () => {
    const docs = await loadAllDocuments(t.services.db);
    expect(docs.map((doc) => doc.id).sort()).toEqual(['banned', 'imported', 'no-classes', 'video-suite']);
    expect(docs.find((doc) => doc.id === 'banned')!.status).toBe('NodeStatusBanned');
  });
});
