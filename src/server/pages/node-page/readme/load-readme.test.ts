import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { archives } from '../../../db/schema/index.ts';
import type { ArchiveStorage } from '../../../storage/port.ts';
import { loadReadmeHtml } from './load-readme.ts';

describe('loadReadmeHtml', () => {
  let t: TestApp;
  let archiveId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.services.db
      .insert(archives)
      .values({ key: 'readme-test/node.zip', uploadedAt: new Date(), size: 1, sha256: '0'.repeat(64) })
      .returning();
    archiveId = row!.id;
    await t.services.storage.put(
      'readme-test/node.zip',
      zipSync({ 'README.md': strToU8('# Hello') }),
      'application/zip',
    );
  });
  afterAll(() => t.close());

  it('reads once, serves repeats from memory, and retries after a storage failure', async () => {
    let reads = 0;
    let failNext = true;
    const storage: ArchiveStorage = {
      ...t.services.storage,
      get: async (key) => {
        reads += 1;
        if (failNext) {
          failNext = false;
          throw new Error('storage unreachable');
        }
        return t.services.storage.get(key);
      },
    };
    const services = { db: t.services.db, storage, imageUrls: t.services.imageUrls };
    const repository = 'https://github.com/acme/cache-test';
    expect(await loadReadmeHtml(services, { archiveId }, repository)).toBeNull();
    expect(await loadReadmeHtml(services, { archiveId }, repository)).toBe('<h3>Hello</h3>');
    expect(await loadReadmeHtml(services, { archiveId }, repository)).toBe('<h3>Hello</h3>');
    expect(reads).toBe(2);
    expect(await loadReadmeHtml(services, { archiveId: null }, repository)).toBeNull();
  });
});
