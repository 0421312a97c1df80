import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { auditLog, nodes, nodeVersions, users } from '../db/schema/index.ts';
import { recordAudit } from '../services/audit/record.ts';
import { exportData } from './export-data.ts';
import { importData } from './import-data.ts';
import { tablesInDependencyOrder } from './tables.ts';

let source: TestApp;
let target: TestApp;
let dir: string;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  dir = await mkdtemp(join(tmpdir(), 'nodeyard-export-'));
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('export and import', () => {
  it('orders tables parents first', () => {
    const names = tablesInDependencyOrder().map((t) => t.name);
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('publisher_permissions'));
    expect(names.indexOf('publishers')).toBeLessThan(names.indexOf('publisher_permissions'));
    expect(names.indexOf('nodes')).toBeLessThan(names.indexOf('node_versions'));
    expect(names).not.toContain('rate_limit_counters');
  });

  it('copies rows, ids, JSON columns, archives, and keeps sequences ahead', async () => {
    const db = source.services.db;
    const owner = await insertUser(db, { name: 'Ada' });
    const publisher = await insertPublisher(db, { owner });
    const node = await insertNode(db, { publisherId: publisher.id, tags: ['video', 'mask'] });
    const version = await insertVersion(db, { nodeId: node.id, version: '1.2.3' });
    await recordAudit(db, {
      actor: { userId: owner.id, kind: 'user' },
      action: 'test.action',
      targetType: 'node',
      targetId: node.id,
      before: null,
      after: { a: 1 },
    });
    await source.services.storage.put('archives/x/1.2.3.zip', new Uint8Array([80, 75, 3, 4]), 'application/zip');
    // The source's list total exists (kept by triggers); the target counts what it imports on its own.
    expect((await (await source.request('/nodes')).json()).total).toBe(1);

    const exported = await exportData(source.services, dir);
    expect(exported.tables['nodes']).toBe(1);
    const imported = await importData(target.services, dir);
    expect(imported.tables).toEqual(exported.tables);

    const [copied] = await target.services.db.select().from(nodes);
    expect(copied).toMatchObject({ id: node.id, tags: ['video', 'mask'], publisherId: publisher.id });
    const [copiedVersion] = await target.services.db.select().from(nodeVersions);
    expect(copiedVersion!.id).toBe(version.id);
    expect(copiedVersion!.createdAt.getTime()).toBe(version.createdAt.getTime());
    // A new audit row gets an id after the imported ones instead of colliding.
    await recordAudit(target.services.db, {
      actor: { userId: null, kind: 'system' },
      action: 'after.import',
      targetType: 'node',
      targetId: node.id,
      before: null,
      after: null,
    });
    const ids = (await target.services.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await (await target.request('/nodes')).json()).total).toBe(1);
  });

  it('refuses to import into a registry that already has data, changing nothing', async () => {
    const before = await target.services.db.select({ n: count() }).from(users);
    await expect(importData(target.services, dir)).rejects.toThrow(/not empty/);
    expect(await target.services.db.select({ n: count() }).from(users)).toEqual(before);
  });
});
