import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher, insertToken, insertUser } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';

// The publish body carries the node's icon, banner and repository (comfy-cli reads them from
// pyproject.toml); they pass the same http(s)-only rule as the dashboard's node edit.

describe('URL fields of a publish', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let token: string;
  let counter = 0;
  const freshNodeId = () => `url-node-${++counter}`;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await insertUser(t.services.db);
    publisher = await insertPublisher(t.services.db, { owner });
    ({ token } = await insertToken(t.services.db, publisher, { createdBy: owner.id }));
  });
  afterAll(() => t.close());

  const publishWith = (nodeId: string, fields: Record<string, unknown>) => {
    const body = comfyCliPublishBody(token, nodeId, '1.0.0');
    return t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: { ...body, node: { ...body.node, ...fields } },
    });
  };

  const cases: [string, string][] = [
    ['icon', 'javascript:alert(1)'],
    ['banner_url', 'data:text/html,<script>alert(1)</script>'],
    ['repository', 'file:///etc/passwd'],
    ['icon', 'not a url'],
  ];

  it.each(cases)('refuses %s = %j with 400 naming the field, and stores nothing', async (field, value) => {
    const nodeId = freshNodeId();
    const response = await publishWith(nodeId, { [field]: value });
    const text = await response.text();
    expect(response.status, text).toBe(400);
    const body = JSON.parse(text) as { message: string; details?: { path: string; message: string }[] };
    expect(body.message).toContain(field);
    expect(body.details).toContainEqual(
      expect.objectContaining({ path: `node.${field}`, message: 'must be an http:// or https:// URL' }),
    );
    expect(await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId))).toEqual([]);
  });

  it('keeps http(s) URLs, and leaves an absent or null field alone', async () => {
    const nodeId = freshNodeId();
    const response = await publishWith(nodeId, {
      icon: 'http://example.test/icon.png',
      banner_url: null,
      repository: 'https://github.com/example/url-node',
    });
    expect(response.status).toBe(201);
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId));
    expect(node).toMatchObject({
      icon: 'http://example.test/icon.png',
      bannerUrl: null,
      repository: 'https://github.com/example/url-node',
    });
  });

  it('GET /nodes/{id} never serves a script URL that came through publish', async () => {
    const nodeId = freshNodeId();
    expect((await publishWith(nodeId, { icon: 'javascript:alert(1)' })).status).toBe(400);
    expect((await t.request(`/nodes/${nodeId}`)).status).toBe(404);
  });
});
