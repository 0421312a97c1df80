import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

type Version = Record<string, unknown>;

describe('GET /nodes/{nodeId}/versions (listNodeVersions)', () => {
  let t: TestApp;
  const list = async (path: string) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    return (await response.json()) as Version[];
  };
  const versions = async (path: string) => (await list(path)).map((v) => v.version);

  beforeAll(async () => {
    t = await createTestApp();
    await seedNode(t.services.db, {
      id: 'Pack',
      versions: [
        { version: '1.9.0', statusReason: 'approved', changelog: 'nine' },
        { version: '1.10.0', changelog: 'ten' },
        { version: '2.0.0-beta.1', status: 'NodeVersionStatusPending' },
        { version: '2.0.0', status: 'NodeVersionStatusFlagged', statusReason: 'suspicious eval' },
        { version: '0.1.0', status: 'NodeVersionStatusBanned', statusReason: 'malware' },
        { version: '0.2.0', status: 'NodeVersionStatusDeleted' },
      ],
    });
    await seedNode(t.services.db, { id: 'empty-pack' });
    await seedNode(t.services.db, { id: 'banned-pack', status: 'NodeStatusBanned', versions: [{ version: '1.0.0' }] });
    await seedNode(t.services.db, { id: 'deleted-pack', status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  it('returns a bare array, highest semver first, without Deleted or Banned by default', async () => {
    const body = await list('/nodes/pack/versions');
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((v) => v.version)).toEqual(['2.0.0', '2.0.0-beta.1', '1.10.0', '1.9.0']);
    expect(body[2]).toMatchObject({
      id: expect.any(String),
      node_id: 'Pack',
      changelog: 'ten',
      status: 'NodeVersionStatusActive',
      createdAt: expect.any(String),
      downloadUrl: 'http://api.test/archives/Pack/1.10.0/node.zip',
    });
  });

  it('leaves status_reason out unless include_status_reason=true', async () => {
    for (const version of await list('/nodes/Pack/versions')) expect(version).not.toHaveProperty('status_reason');
    const withReasons = await list('/nodes/Pack/versions?include_status_reason=true');
    expect(withReasons.find((v) => v.version === '2.0.0')).toMatchObject({ status_reason: 'suspicious eval' });
  });

  it('filters by repeated statuses keys (what Manager sends)', async () => {
    expect(
      await versions('/nodes/Pack/versions?statuses=NodeVersionStatusActive&statuses=NodeVersionStatusPending'),
    ).toEqual(['2.0.0-beta.1', '1.10.0', '1.9.0']);
    expect(await versions('/nodes/Pack/versions?statuses=NodeVersionStatusBanned')).toEqual(['0.1.0']);
    expect(await versions('/nodes/Pack/versions?statuses=NodeVersionStatusDeleted')).toEqual(['0.2.0']);
    const bad = await t.request('/nodes/Pack/versions?statuses=Whatever');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.stringContaining('statuses') });
  });

  it('accepts unknown parameters and answers [] for a node without versions', async () => {
    expect(await versions('/nodes/Pack/versions?foo=bar')).toHaveLength(4);
    expect(await list('/nodes/empty-pack/versions')).toEqual([]);
  });

  it('answers 404 for unknown or deleted nodes and 403 for banned ones', async () => {
    expect((await t.request('/nodes/nope/versions')).status).toBe(404);
    expect((await t.request('/nodes/deleted-pack/versions')).status).toBe(404);
    expect((await t.request('/nodes/banned-pack/versions')).status).toBe(403);
  });
});
