import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { createTestApp, fixedClock, TEST_API_URL, type TestApp } from '#test/test-app.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { archives, auditLog, nodes, nodeVersions, personalAccessTokens } from '../../db/schema/index.ts';
import { insertToken } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';

describe('POST /publishers/{publisherId}/nodes/{nodeId}/versions', () => {
  const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
  let t: TestApp;
  let owner: UserRow;
  let publisher: PublisherRow;
  let token: string;
  let counter = 0;
  const freshNodeId = () => `nicer-pictures-${++counter}`;

  const publish = (nodeId: string, body: unknown, init: { publisherId?: string; headers?: HeadersInit } = {}) =>
    t.request(`/publishers/${init.publisherId ?? publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: body,
      ...(init.headers ? { headers: init.headers } : {}),
    });

  async function expectError(response: Response, status: number, error: string, message: string | RegExp) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe(error);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    owner = await insertUser(t.services.db);
    publisher = await insertPublisher(t.services.db, { owner });
    ({ token } = await insertToken(t.services.db, publisher, { createdBy: owner.id }));
  });
  afterAll(() => t.close());

  it('publishes like comfy-cli: 201 with exactly {node_version, signedUrl}, contract casing', async () => {
    const nodeId = freshNodeId();
    const response = await publish(nodeId, comfyCliPublishBody(token, nodeId, '1.0.0'));
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['node_version', 'signedUrl']);
    const version = body['node_version'] as Record<string, unknown>;
    expect(version).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      version: '1.0.0',
      node_id: nodeId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      changelog: 'first release',
      dependencies: ['numpy>=1.0', 'requests'],
      deprecated: false,
      status: 'NodeVersionStatusPending',
      status_reason: '',
      tags: [],
      tags_admin: [],
      supported_os: ['OS Independent'],
      supported_accelerators: ['GPU :: NVIDIA CUDA'],
      supported_comfyui_version: '>=0.3.0',
      supported_comfyui_frontend_version: '>=1.2.0',
      comfy_node_extract_status: 'pending',
      downloadUrl: `${TEST_API_URL}/archives/${nodeId}/1.0.0/node.zip`,
      yanked: false,
      quarantined: false,
    });
    const signed = new URL(body['signedUrl'] as string);
    expect(`${signed.origin}${signed.pathname}`).toBe(`${TEST_API_URL}/storage/objects`);
    expect(signed.searchParams.get('key')).toBe(`${publisher.id}/${nodeId}/1.0.0/node.zip`);
    // 15 minutes from the pinned clock.
    expect(Number(signed.searchParams.get('expires'))).toBe(Date.parse('2026-06-01T12:15:00Z') / 1000);
    expect(signed.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores the node (license as given, banner_url, supported_*), the archive record and the token use', async () => {
    const nodeId = freshNodeId();
    const response = await publish(nodeId, comfyCliPublishBody(token, nodeId, '1.0.0'));
    const { node_version } = (await response.json()) as { node_version: { id: string } };
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId));
    expect(node).toMatchObject({
      id: nodeId,
      normalizedId: nodeId,
      publisherId: publisher.id,
      name: 'Nicer Pictures',
      description: 'Makes pictures nicer',
      license: '{"text": "MIT"}',
      icon: 'https://example.test/icon.png',
      bannerUrl: 'https://example.test/banner.png',
      repository: `https://github.com/example/${nodeId}`,
      supportedOs: ['OS Independent'],
      supportedAccelerators: ['GPU :: NVIDIA CUDA'],
      supportedComfyuiVersion: '>=0.3.0',
      supportedComfyuiFrontendVersion: '>=1.2.0',
      status: 'NodeStatusActive',
      latestVersionId: null,
    });
    const [row] = await t.services.db
      .select({ version: nodeVersions, archive: archives })
      .from(nodeVersions)
      .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
      .where(eq(nodeVersions.id, node_version.id));
    expect(row!.archive).toMatchObject({
      key: `${publisher.id}/${nodeId}/1.0.0/node.zip`,
      size: null,
      sha256: null,
      uploadedAt: null,
    });
    const [tokenRow] = await t.services.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.publisherId, publisher.id));
    expect(tokenRow!.lastUsedAt?.toISOString()).toBe('2026-06-01T12:00:00.000Z');
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, node_version.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'node_version.publish', actorKind: 'token', actorUserId: owner.id });
    expect(JSON.stringify(audit[0])).not.toContain(token);
  });

  it('accepts the token as Authorization: Bearer when the body has none', async () => {
    const nodeId = freshNodeId();
    const response = await publish(nodeId, comfyCliPublishBody(undefined, nodeId, '1.0.0'), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(201);
  });

  it('normalizes the version and defaults missing dependencies/changelog; accepts nulls and unknown fields', async () => {
    const nodeId = freshNodeId();
    const body = {
      personal_access_token: token,
      future_field: { anything: true },
      node: { id: nodeId, name: null, icon: null, tags: null, category: 'image', author: 'Ada', extra: 1 },
      node_version: { version: 'v2.1', extra: 'ignored' },
    };
    const response = await publish(nodeId, body);
    expect(response.status).toBe(201);
    const { node_version } = (await response.json()) as { node_version: Record<string, unknown> };
    expect(node_version).toMatchObject({ version: '2.1.0', dependencies: [], changelog: '' });
    expect(node_version).not.toHaveProperty('supported_comfyui_version');
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId));
    // No usable name: the id stands in, so the node is never nameless.
    expect(node).toMatchObject({ name: nodeId, category: 'image', author: 'Ada', icon: null, tags: [] });
  });

  it('keeps the body id’s case when the path is lower-cased, and updates metadata on the next publish', async () => {
    const nodeId = `Mixed-Case-${++counter}`;
    const first = await publish(nodeId.toLowerCase(), {
      ...comfyCliPublishBody(token, nodeId, '1.0.0'),
      node: { ...comfyCliPublishBody(token, nodeId, '1.0.0').node, tags: ['keep-me'] },
    });
    expect(first.status).toBe(201);
    const second = await publish(nodeId, {
      personal_access_token: token,
      node: { id: nodeId.toUpperCase(), description: 'Now even nicer', name: '' },
      node_version: { version: '1.1.0' },
    });
    expect(second.status).toBe(201);
    const rows = await t.services.db.select().from(nodes).where(eq(nodes.normalizedId, nodeId.toLowerCase()));
    expect(rows).toHaveLength(1);
    // Sent fields overwrite; absent ones (tags) and an empty name keep what was there.
    expect(rows[0]).toMatchObject({
      id: nodeId,
      description: 'Now even nicer',
      name: 'Nicer Pictures',
      tags: ['keep-me'],
      license: '{"text": "MIT"}',
    });
  });

  describe('token checks (always 400 "Invalid personal access token", like upstream)', () => {
    it('refuses a missing token', async () => {
      const nodeId = freshNodeId();
      await expectError(
        await publish(nodeId, comfyCliPublishBody(undefined, nodeId, '1.0.0')),
        400,
        'invalid_token',
        'Invalid personal access token',
      );
    });

    it('refuses an unknown token and a Firebase-looking bearer token', async () => {
      const nodeId = freshNodeId();
      await expectError(
        await publish(nodeId, comfyCliPublishBody('nyd_pat_not-a-real-token', nodeId, '1.0.0')),
        400,
        'invalid_token',
        'Invalid personal access token',
      );
      const viaHeader = await publish(nodeId, comfyCliPublishBody(undefined, nodeId, '1.0.0'), {
        headers: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.x.y' },
      });
      await expectError(viaHeader, 400, 'invalid_token', 'Invalid personal access token');
    });

    it('refuses a token of another publisher', async () => {
      const other = await insertPublisher(t.services.db, { owner: await insertUser(t.services.db) });
      const { token: otherToken } = await insertToken(t.services.db, other);
      const nodeId = freshNodeId();
      await expectError(
        await publish(nodeId, comfyCliPublishBody(otherToken, nodeId, '1.0.0')),
        400,
        'invalid_token',
        'Invalid personal access token',
      );
      expect(await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId))).toEqual([]);
    });

    it('refuses an expired token, saying so', async () => {
      const { token: expired } = await insertToken(t.services.db, publisher, {
        expiresAt: new Date('2026-06-01T11:59:59Z'),
      });
      const nodeId = freshNodeId();
      await expectError(
        await publish(nodeId, comfyCliPublishBody(expired, nodeId, '1.0.0')),
        400,
        'token_expired',
        'Invalid personal access token: it expired on 2026-06-01T11:59:59.000Z. Create a new one.',
      );
    });

    it('answers an unknown publisher with the token error (no token can belong to it)', async () => {
      const nodeId = freshNodeId();
      await expectError(
        await publish(nodeId, comfyCliPublishBody(token, nodeId, '1.0.0'), { publisherId: 'no-such-publisher' }),
        400,
        'invalid_token',
        'Invalid personal access token',
      );
    });
  });

  it('refuses a banned publisher with 403', async () => {
    const banned = await insertPublisher(t.services.db, { status: 'PublisherStatusBanned' });
    const { token: bannedToken } = await insertToken(t.services.db, banned);
    const nodeId = freshNodeId();
    await expectError(
      await publish(nodeId, comfyCliPublishBody(bannedToken, nodeId, '1.0.0'), { publisherId: banned.id }),
      403,
      'publisher_banned',
      `Publisher "${banned.id}" is banned and cannot publish.`,
    );
  });

  it('refuses a body node id that differs from the path (400)', async () => {
    await expectError(
      await publish('path-node', comfyCliPublishBody(token, 'body-node', '1.0.0')),
      400,
      'node_id_mismatch',
      'The node id in the body ("body-node") does not match the node id in the URL ("path-node").',
    );
  });

  it.each(['-leading-dash', 'trailing.', 'has space', 'a'.repeat(101)])('refuses the node id %j (400)', async (id) => {
    const response = await publish(encodeURIComponent(id), comfyCliPublishBody(token, id, '1.0.0'));
    await expectError(response, 400, 'invalid_node_id', /is not a valid node id: use 1–100 letters/);
  });

  it('refuses a node that belongs to another publisher (403)', async () => {
    const other = await insertPublisher(t.services.db);
    const node = await insertNode(t.services.db, { publisherId: other.id });
    await expectError(
      await publish(node.id, comfyCliPublishBody(token, node.id.toUpperCase(), '1.0.0')),
      403,
      'node_owned_elsewhere',
      `Node "${node.id}" belongs to another publisher.`,
    );
  });

  it('refuses a banned node (403)', async () => {
    const node = await insertNode(t.services.db, { publisherId: publisher.id, status: 'NodeStatusBanned' });
    await expectError(
      await publish(node.id, comfyCliPublishBody(token, node.id, '1.0.0')),
      403,
      'node_banned',
      `Node "${node.id}" is banned.`,
    );
  });

  it('revives a deleted node of this publisher with the new version', async () => {
    const node = await insertNode(t.services.db, { publisherId: publisher.id, status: 'NodeStatusDeleted' });
    expect((await publish(node.id, comfyCliPublishBody(token, node.id, '1.0.0'))).status).toBe(201);
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row!.status).toBe('NodeStatusActive');
  });

  it.each(['banana', '1.0.0.0', '', '01.2.3'])('refuses the version %j (400)', async (version) => {
    const nodeId = freshNodeId();
    await expectError(
      await publish(nodeId, comfyCliPublishBody(token, nodeId, version)),
      400,
      'invalid_version',
      `"${version}" is not a valid version: use semantic versioning, such as 1.0.0.`,
    );
  });

  it('never reuses a version number, even a deleted one or spelled differently (400 version_exists)', async () => {
    const node = await insertNode(t.services.db, { publisherId: publisher.id });
    await insertVersion(t.services.db, { nodeId: node.id, version: '1.0.0', status: 'NodeVersionStatusDeleted' });
    for (const spelling of ['1.0.0', 'v1.0', '1.0.0+build.7']) {
      await expectError(
        await publish(node.id, comfyCliPublishBody(token, node.id, spelling)),
        400,
        'version_exists',
        `Version 1.0.0 of node ${node.id} already exists; version numbers are never reused`,
      );
    }
    const nodeId = freshNodeId();
    expect((await publish(nodeId, comfyCliPublishBody(token, nodeId, '1.0.0'))).status).toBe(201);
    await expectError(
      await publish(nodeId, comfyCliPublishBody(token, nodeId, '1.0.0')),
      400,
      'version_exists',
      `Version 1.0.0 of node ${nodeId} already exists; version numbers are never reused`,
    );
  });

  it('lets only one of two simultaneous publishes of the same version win', async () => {
    const node = await insertNode(t.services.db, { publisherId: publisher.id });
    const responses = await Promise.all(
      [1, 2].map(() => publish(node.id, comfyCliPublishBody(token, node.id, '3.0.0'))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
    const loser = responses.find((r) => r.status === 400)!;
    expect(((await loser.json()) as { error: string }).error).toBe('version_exists');
    const rows = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, node.id));
    expect(rows).toHaveLength(1);
  });

  it('lists every problem of a malformed body (400) and writes nothing', async () => {
    const nodeId = freshNodeId();
    const response = await publish(nodeId, { personal_access_token: token, node: { id: nodeId, tags: 'x' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; details: { path: string }[] };
    expect(body.error).toBe('validation_error');
    expect(body.details.map((d) => d.path).sort()).toEqual(['node.tags', 'node_version']);
    expect(await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId))).toEqual([]);
  });
});
