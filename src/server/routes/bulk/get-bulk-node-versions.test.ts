import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { MAX_BULK_ITEMS } from './get-bulk-node-versions.ts';

describe('POST /bulk/nodes/versions (getBulkNodeVersions)', () => {
  let t: TestApp;
  const bulk = (json: unknown) => t.request('/bulk/nodes/versions', { method: 'POST', json });

  beforeAll(async () => {
    t = await createTestApp();
    await seedNode(t.services.db, {
      id: 'Pack',
      versions: [
        {
          version: '1.0.0',
          supportedOs: ['Microsoft :: Windows'],
          supportedAccelerators: ['GPU :: NVIDIA CUDA'],
          supportedComfyuiVersion: '>=0.3.0',
          supportedComfyuiFrontendVersion: '>=1.2.0',
          statusReason: 'internal note',
        },
        { version: '2.0.0', status: 'NodeVersionStatusBanned' },
        { version: '3.0.0', status: 'NodeVersionStatusDeleted' },
      ],
    });
    await seedNode(t.services.db, { id: 'banned-pack', status: 'NodeStatusBanned', versions: [{ version: '1.0.0' }] });
    await seedNode(t.services.db, {
      id: 'deleted-pack',
      status: 'NodeStatusDeleted',
      versions: [{ version: '1.0.0' }],
    });
  });
  afterAll(() => t.close());

  it('answers each pair in order: success with the version (and its compatibility fields), not_found or error', async () => {
    const response = await bulk({
      node_versions: [
        { node_id: 'pack', version: '1.0.0' },
        { node_id: 'Pack', version: '2.0.0' },
        { node_id: 'Pack', version: '3.0.0' },
        { node_id: 'Pack', version: '9.9.9' },
        { node_id: 'unknown', version: '1.0.0' },
        { node_id: 'deleted-pack', version: '1.0.0' },
        { node_id: 'banned-pack', version: '1.0.0' },
        { node_id: 'Pack', version: 'nightly' },
      ],
      extra_field: true,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { node_versions: Record<string, unknown>[] };
    expect(body.node_versions.map((r) => r.status)).toEqual([
      'success',
      'success',
      'not_found',
      'not_found',
      'not_found',
      'not_found',
      'error',
      'error',
    ]);
    expect(body.node_versions[0]).toEqual({
      identifier: { node_id: 'pack', version: '1.0.0' },
      status: 'success',
      node_version: expect.objectContaining({
        version: '1.0.0',
        node_id: 'Pack',
        status: 'NodeVersionStatusActive',
        supported_os: ['Microsoft :: Windows'],
        supported_accelerators: ['GPU :: NVIDIA CUDA'],
        supported_comfyui_version: '>=0.3.0',
        supported_comfyui_frontend_version: '>=1.2.0',
        downloadUrl: 'http://api.test/archives/Pack/1.0.0/node.zip',
      }),
    });
    expect(body.node_versions[0]!.node_version).not.toHaveProperty('status_reason');
    // A banned version is reported as such: conflict detection reads its status.
    expect(body.node_versions[1]).toMatchObject({ node_version: { status: 'NodeVersionStatusBanned' } });
    expect(body.node_versions[2]).toEqual({ identifier: { node_id: 'Pack', version: '3.0.0' }, status: 'not_found' });
    expect(body.node_versions[6]).toMatchObject({ error_message: expect.stringContaining('banned') });
    expect(body.node_versions[7]).toMatchObject({ error_message: expect.stringContaining('version') });
  });

  it('answers an empty list for an empty request', async () => {
    const response = await bulk({ node_versions: [] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ node_versions: [] });
  });

  it(`rejects more than ${MAX_BULK_ITEMS} pairs, a missing list and malformed items with 400`, async () => {
    const tooMany = Array.from({ length: MAX_BULK_ITEMS + 1 }, (_, i) => ({ node_id: `n${i}`, version: '1.0.0' }));
    const big = await bulk({ node_versions: tooMany });
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({ message: expect.stringContaining(String(MAX_BULK_ITEMS)) });
    expect((await bulk({})).status).toBe(400);
    expect((await bulk({ node_versions: [{ node_id: 'Pack' }] })).status).toBe(400);
    const notJson = await t.request('/bulk/nodes/versions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers the browser preflight (the ComfyUI frontend calls cross-origin)', async () => {
    const response = await t.request('/bulk/nodes/versions', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:8188',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8188');
  });
});
