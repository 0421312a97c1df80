import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { loadPublisherPage, PUBLISHER_PAGE_SIZE } from './load-publisher-page.ts';

describe('loadPublisherPage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    const owner = await insertUser(db, { email: 'owner@example.test' });
    const member = await insertUser(db);
    await insertPublisher(db, {
      id: 'studio',
      name: 'Studio',
      description: 'We make nodes.',
      website: 'https://studio.example',
      owner,
      members: [member],
    });
    // 13 public nodes, created one minute apart (newest first on the page), plus hidden ones.
    for (let i = 0; i < PUBLISHER_PAGE_SIZE + 1; i++) {
      const id = `studio-node-${String(i).padStart(2, '0')}`;
      await insertNode(db, { id, publisherId: 'studio', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    }
    await insertVersion(db, { nodeId: 'studio-node-12', version: '3.1.0' });
    await insertNode(db, { id: 'studio-banned', publisherId: 'studio', status: 'NodeStatusBanned' });
    await insertNode(db, { id: 'studio-deleted', publisherId: 'studio', status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  it('shows the public profile without members and the first page of public nodes, newest first', async () => {
    const result = await loadPublisherPage(t.services, { publisherId: 'studio', page: 1 });
    if (result.kind !== 'found') throw new Error(result.kind);
    const { data } = result;
    expect(data.publisher).toMatchObject({ id: 'studio', name: 'Studio', website: 'https://studio.example' });
    expect(data.publisher).not.toHaveProperty('members');
    expect(JSON.stringify(data)).not.toContain('owner@example.test');
    expect(data).toMatchObject({ memberCount: 2, total: 13, totalPages: 2, page: 1, banned: false });
    expect(data.nodes).toHaveLength(PUBLISHER_PAGE_SIZE);
    expect(data.nodes[0]).toMatchObject({ id: 'studio-node-12', latest_version: { version: '3.1.0' } });
    expect(data.nodes.map((n) => n.id)).not.toContain('studio-banned');
  });

  it('pages on, and past the end gives an empty page', async () => {
    const second = await loadPublisherPage(t.services, { publisherId: 'studio', page: 2 });
    expect(second.kind === 'found' && second.data.nodes.map((n) => n.id)).toEqual(['studio-node-00']);
    const beyond = await loadPublisherPage(t.services, { publisherId: 'studio', page: 9 });
    expect(beyond.kind === 'found' && beyond.data.nodes).toEqual([]);
  });

  it('redirects another letter case and does not find unknown publishers', async () => {
    expect(await loadPublisherPage(t.services, { publisherId: 'Studio', page: 1 })).toEqual({
      kind: 'moved',
      publisherId: 'studio',
    });
    expect(await loadPublisherPage(t.services, { publisherId: 'nobody', page: 1 })).toEqual({ kind: 'not-found' });
  });

  it('says since when a publisher with members was created', async () => {
    const result = await loadPublisherPage(t.services, { publisherId: 'studio', page: 1 });
    if (result.kind !== 'found') throw new Error(result.kind);
    expect(result.data.publishingSince).toBe(result.data.publisher.createdAt);
  });

  it('dates an imported publisher (no members) by its first public version, or leaves the date out', async () => {
    const { db } = t.services;
    const imported = new Date('2026-03-01T00:00:00Z');
    await insertPublisher(db, { id: 'imported-author', createdAt: imported });
    await insertNode(db, { id: 'imp-a', publisherId: 'imported-author' });
    await insertNode(db, { id: 'imp-banned', publisherId: 'imported-author', status: 'NodeStatusBanned' });
    const since = async () => {
      const result = await loadPublisherPage(t.services, { publisherId: 'imported-author', page: 1 });
      if (result.kind !== 'found') throw new Error(result.kind);
      return result.data.publishingSince;
    };
    // Imported packs have no versions here: the import date is no publishing date.
    expect(await since()).toBeNull();
    await insertVersion(db, { nodeId: 'imp-a', version: '2.0.0', createdAt: new Date('2024-05-02T00:00:00Z') });
    await insertVersion(db, { nodeId: 'imp-a', version: '1.0.0', createdAt: new Date('2023-01-02T00:00:00Z') });
    await insertVersion(db, {
      nodeId: 'imp-a',
      version: '0.1.0',
      status: 'NodeVersionStatusFlagged',
      createdAt: new Date('2022-01-01T00:00:00Z'),
    });
    await insertVersion(db, { nodeId: 'imp-banned', version: '1.0.0', createdAt: new Date('2021-01-01T00:00:00Z') });
    expect(await since()).toBe('2023-01-02T00:00:00.000Z');
  });

  it('shows a banned publisher as banned', async () => {
    await insertPublisher(t.services.db, { id: 'banned-pub', status: 'PublisherStatusBanned' });
    const result = await loadPublisherPage(t.services, { publisherId: 'banned-pub', page: 1 });
    expect(result).toMatchObject({ kind: 'found', data: { banned: true, memberCount: 0, total: 0, totalPages: 0 } });
  });
});
