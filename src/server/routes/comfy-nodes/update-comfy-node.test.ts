import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, comfyNodes } from '../../db/schema/index.ts';

describe('PUT /nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName}', () => {
  let t: TestApp;
  let service: string;
  let user: Actor;
  const path = '/nodes/fix-pack/versions/2.0.0/comfy-nodes/FixMe';

  beforeAll(async () => {
    t = await createTestApp();
    service = (await insertServiceToken(t.services.db)).token;
    user = await signedIn(t);
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'fix-pack' });
    const version = await insertVersion(t.services.db, { nodeId: 'fix-pack', version: '2.0.0' });
    await t.services.db
      .insert(comfyNodes)
      .values({ nodeVersionId: version.id, name: 'FixMe', category: 'old', description: 'keep me' });
  });
  afterAll(() => t.close());

  it('needs a service token or an admin', async () => {
    expect((await t.request(path, { method: 'PUT', json: { category: 'x' } })).status).toBe(401);
    expect((await t.request(path, { method: 'PUT', token: user.token, json: { category: 'x' } })).status).toBe(403);
  });

  it('changes only the fields sent and answers the whole class', async () => {
    const response = await t.request(path, {
      method: 'PUT',
      token: service,
      json: { category: 'image/filters', experimental: true, policy: 'ComfyNodePolicyWarning' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      comfy_node_name: 'FixMe',
      category: 'image/filters',
      description: 'keep me',
      deprecated: false,
      experimental: true,
      output_is_list: [],
    });
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'comfy_node.update'));
    expect(audit).toHaveLength(1);
  });

  it('answers 404 for a class the version does not define, 400 for a bad field', async () => {
    const missing = await t.request('/nodes/fix-pack/versions/2.0.0/comfy-nodes/Nope', {
      method: 'PUT',
      token: service,
      json: {},
    });
    expect(missing.status).toBe(404);
    const bad = await t.request(path, { method: 'PUT', token: service, json: { output_is_list: 'no' } });
    expect(bad.status).toBe(400);
  });
});
