import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archives } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { sweepAbandonedUploads } from './upload-janitor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;
const bytes = new Uint8Array([80, 75, 5, 6]);

describe('abandoned upload janitor', () => {
  it('deletes objects of uploads never accepted after an hour, and nothing else', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const rows = [
      { key: 'p/abandoned/1.0.0/node.zip', createdAt: new Date(now.getTime() - 2 * HOUR), uploadedAt: null },
      { key: 'p/recent/1.0.0/node.zip', createdAt: new Date(now.getTime() - 10 * 60_000), uploadedAt: null },
      { key: 'p/accepted/1.0.0/node.zip', createdAt: new Date(now.getTime() - 2 * HOUR), uploadedAt: now },
    ];
    for (const row of rows) {
      await t.services.db.insert(archives).values(row);
      await t.services.storage.put(row.key, bytes, 'application/zip');
    }
    expect(await sweepAbandonedUploads(t.services, now)).toBe(1);
    expect(await t.services.storage.get('p/abandoned/1.0.0/node.zip')).toBeNull();
    expect(await t.services.storage.get('p/recent/1.0.0/node.zip')).not.toBeNull();
    expect(await t.services.storage.get('p/accepted/1.0.0/node.zip')).not.toBeNull();
    // Running again is harmless (another instance may sweep at the same time).
    expect(await sweepAbandonedUploads(t.services, now)).toBe(1);
  });
});
