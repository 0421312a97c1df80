import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedNode, type SeededNode } from '#test/routes/node-read-fixtures.ts';

describe('GET /nodes/{nodeId}/versions/{versionId} (getNodeVersion)', () => {
  let t: TestApp;
  let pack: SeededNode;
  let other: SeededNode;

  beforeAll(async () => {
    t = await createTestApp();
    pack = await seedNode(t.services.db, {
      id: 'Pack',
      versions: [
        { version: '1.2.0', changelog: 'one two', supportedOs: ['POSIX :: Linux'] },
        { version: '2.0.0', status: 'NodeVersionStatusPending', withArchive: false },
        { version: '0.1.0', status: 'NodeVersionStatusBanned', statusReason: 'malware' },
        { version: '0.2.0', status: 'NodeVersionStatusDeleted' },
      ],
    });
    other = await seedNode(t.services.db, { id: 'other', versions: [{ version: '1.0.0' }] });
    await seedNode(t.services.db, { id: 'banned-pack', status: 'NodeStatusBanned', versions: [{ version: '1.0.0' }] });
  });
  afterAll(() => t.close());

  it('finds a version by its string, under any letter case of the node id', async () => {
    const response = await t.request('/nodes/PACK/versions/1.2.0');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: pack.versions[0]!.id,
      version: '1.2.0',
      node_id: 'Pack',
      changelog: 'one two',
      supported_os: ['POSIX :: Linux'],
      downloadUrl: 'http://api.test/archives/Pack/1.2.0/node.zip',
    });
  });

  it('carries the sha256 of its accepted archive beside downloadUrl, and neither before the upload', async () => {
    expect(await (await t.request('/nodes/Pack/versions/1.2.0')).json()).toMatchObject({ sha256: '0'.repeat(64) });
    expect(await (await t.request('/nodes/Pack/versions/2.0.0')).json()).not.toHaveProperty('sha256');
  });

  it('normalizes the version string and also accepts the version uuid', async () => {
    expect(await (await t.request('/nodes/Pack/versions/v1.2')).json()).toMatchObject({ version: '1.2.0' });
    const byId = await t.request(`/nodes/Pack/versions/${pack.versions[0]!.id.toUpperCase()}`);
    expect(byId.status).toBe(200);
    expect(await byId.json()).toMatchObject({ version: '1.2.0' });
  });

  it('shows non-Active versions with their status; no downloadUrl before upload', async () => {
    const pending = await (await t.request('/nodes/Pack/versions/2.0.0')).json();
    expect(pending).toMatchObject({ status: 'NodeVersionStatusPending' });
    expect(pending).not.toHaveProperty('downloadUrl');
    expect(await (await t.request('/nodes/Pack/versions/0.1.0')).json()).toMatchObject({
      status: 'NodeVersionStatusBanned',
      status_reason: 'malware',
    });
  });

  it('answers 404 for unknown, deleted or foreign versions', async () => {
    const unknown = await t.request('/nodes/Pack/versions/9.9.9');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining('9.9.9') });
    expect((await t.request('/nodes/Pack/versions/0.2.0')).status).toBe(404);
    expect((await t.request(`/nodes/Pack/versions/${other.versions[0]!.id}`)).status).toBe(404);
    expect((await t.request('/nodes/Pack/versions/garbage')).status).toBe(404);
  });

  it('answers 404 for an unknown node and 403 for a banned one', async () => {
    expect((await t.request('/nodes/nope/versions/1.0.0')).status).toBe(404);
    expect((await t.request('/nodes/banned-pack/versions/1.0.0')).status).toBe(403);
  });
});
