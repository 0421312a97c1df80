import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, comfyNodes, nodeVersions } from '../../db/schema/index.ts';

describe('POST /nodes/{nodeId}/versions/{version}/comfy-nodes', () => {
  let t: TestApp;
  let service: string;
  let admin: Actor;
  let user: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    service = (await insertServiceToken(t.services.db, 'extractor')).token;
    admin = await signedIn(t, { admin: true });
    user = await signedIn(t);
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'Extracted-Pack' });
    for (const version of ['1.0.0', '1.1.0', '1.2.0', '1.3.0']) {
      await insertVersion(t.services.db, { nodeId: 'Extracted-Pack', version });
    }
  });
  afterAll(() => t.close());

  const post = (version: string, json: unknown, token = service) =>
    t.request(`/nodes/extracted-pack/versions/${version}/comfy-nodes`, { method: 'POST', token, json });

  const extraction = {
    success: true,
    cloud_build_info: { build_id: 'b-1', project_id: 'p' },
    nodes: {
      MySampler: {
        category: 'sampling',
        description: 'Samples',
        input_types: '{"required":{}}',
        return_types: '["LATENT"]',
        output_is_list: [false],
        function: 'sample',
        policy: 'ComfyNodePolicyActive',
      },
      'My Loader': { category: 'loaders', deprecated: true },
    },
  };

  it('needs a service token or an admin: 401 anonymous, 403 a signed-in user', async () => {
    expect(
      (await t.request('/nodes/extracted-pack/versions/1.0.0/comfy-nodes', { method: 'POST', json: {} })).status,
    ).toBe(401);
    expect((await post('1.0.0', extraction, user.token)).status).toBe(403);
  });

  it('stores the classes (204), marks the extraction done, and serves them', async () => {
    const response = await post('1.0.0', extraction);
    expect(response.status).toBe(204);
    const listed = await (await t.request('/nodes/extracted-pack/versions/1.0.0/comfy-nodes')).json();
    expect(listed.comfy_nodes.map((n: { comfy_node_name: string }) => n.comfy_node_name).sort()).toEqual([
      'My Loader',
      'MySampler',
    ]);
    const one = await (await t.request('/nodes/extracted-pack/versions/1.0.0/comfy-nodes/MySampler')).json();
    expect(one).toMatchObject({ category: 'sampling', return_types: '["LATENT"]', output_is_list: [false] });
    const [version] = await t.services.db
      .select()
      .from(nodeVersions)
      .where(and(eq(nodeVersions.nodeId, 'Extracted-Pack'), eq(nodeVersions.version, '1.0.0')));
    expect(version!.comfyNodeExtractStatus).toBe('success');
    const audit = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'node_version.comfy_nodes_posted'));
    expect(audit[0]!.after).toMatchObject({
      comfyNodes: 2,
      caller: 'service:extractor',
      cloudBuildInfo: { build_id: 'b-1' },
    });
  });

  it('answers 409 when the version already has classes, and changes nothing', async () => {
    const response = await post('1.0.0', { nodes: { Other: {} } });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'comfy_nodes_exist' });
    const rows = await t.services.db.select().from(comfyNodes).where(eq(comfyNodes.name, 'Other'));
    expect(rows).toHaveLength(0);
  });

  it('records a failed extraction (success: false) without classes; an admin may post too', async () => {
    const response = await post('1.1.0', { success: false, reason: 'ImportError: torch' }, admin.token);
    expect(response.status).toBe(204);
    const [version] = await t.services.db
      .select()
      .from(nodeVersions)
      .where(and(eq(nodeVersions.nodeId, 'Extracted-Pack'), eq(nodeVersions.version, '1.1.0')));
    expect(version!.comfyNodeExtractStatus).toBe('failed');
  });

  it('refuses a successful result without nodes (400, upstream panics) and malformed class keys', async () => {
    const missing = await post('1.2.0', { success: true });
    expect(missing.status).toBe(400);
    const bad = await post('1.2.0', { nodes: { 'bad\nname': {} } });
    expect(bad.status).toBe(400);
    const wrongType = await post('1.2.0', { nodes: { Fine: { deprecated: 'yes' } } });
    expect(wrongType.status).toBe(400);
  });

  it('answers 404 for an unknown node or version', async () => {
    expect(
      (await t.request('/nodes/nope/versions/1.0.0/comfy-nodes', { method: 'POST', token: service, json: extraction }))
        .status,
    ).toBe(404);
    expect((await post('9.9.9', extraction)).status).toBe(404);
  });
});
