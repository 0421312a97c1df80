import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { githubDouble, useGitHubDouble } from '#test/authz/github-double.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';
import { ensureUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from '../../services/publishers/unclaimed.ts';

describe('POST /publishers/{publisherId}/nodes/{nodeId}/claim-my-node', () => {
  let t: TestApp;
  let s: PublisherScene;
  const github = githubDouble();
  beforeAll(async () => {
    t = await createTestApp();
    useGitHubDouble(t.services, github);
    await ensureUnclaimedPublisher(t.services.db);
    s = await publisherScene(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    github.answer = { ok: true };
    github.calls.length = 0;
  });

  const unclaimed = (repository: string | null = 'https://github.com/Acme/ComfyUI-Thing.git') =>
    insertNode(t.services.db, { publisherId: UNCLAIMED_PUBLISHER_ID, repository });
  const claim = (nodeId: string, json: unknown = { GH_TOKEN: 'gho_secret' }, token = s.owner.token) =>
    t.request(`/publishers/${s.publisher.id}/nodes/${nodeId}/claim-my-node`, { method: 'POST', json, token });
  const publisherOf = async (id: string) =>
    (await t.services.db.select().from(nodes).where(eq(nodes.id, id)))[0]?.publisherId;

  it('moves the node into the publisher once GitHub confirms access, and logs it without the token', async () => {
    const node = await unclaimed();
    const response = await claim(node.id.toUpperCase());
    expect(response.status).toBe(204);
    expect(github.calls).toEqual([{ owner: 'Acme', repo: 'ComfyUI-Thing', token: 'gho_secret' }]);
    expect(await publisherOf(node.id)).toBe(s.publisher.id);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'node.claim'), eq(auditLog.targetId, node.id)));
    expect(audit).toMatchObject({ actorUserId: s.owner.user.id, after: { publisher_id: s.publisher.id } });
    expect(JSON.stringify(audit)).not.toContain('gho_secret');
  });

  it('lets members claim too', async () => {
    const node = await unclaimed();
    expect((await claim(node.id, undefined, s.member.token)).status).toBe(204);
  });

  it('maps GitHub refusals to 403/429/503 and leaves the node unclaimed', async () => {
    const node = await unclaimed();
    const cases = [
      ['invalid_token', 403, 'github_token_invalid'],
      ['not_found', 403, 'github_repo_not_found'],
      ['insufficient_permission', 403, 'github_permission_denied'],
      ['rate_limited', 429, 'github_rate_limited'],
      ['unavailable', 503, 'github_unavailable'],
    ] as const;
    for (const [reason, status, error] of cases) {
      github.answer = { ok: false, reason };
      const response = await claim(node.id);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error });
    }
    expect(await publisherOf(node.id)).toBe(UNCLAIMED_PUBLISHER_ID);
  });

  it('claims a node of a member-less publisher (an imported author)', async () => {
    const authorPublisher = await insertPublisher(t.services.db);
    const node = await insertNode(t.services.db, {
      publisherId: authorPublisher.id,
      repository: 'https://github.com/Acme/ComfyUI-Imported',
    });
    const response = await claim(node.id);
    expect(response.status).toBe(204);
    expect(await publisherOf(node.id)).toBe(s.publisher.id);
  });

  it('refuses a node that is already claimed (403) without asking GitHub', async () => {
    github.calls.length = 0;
    const mine = await insertNode(t.services.db, { publisherId: s.publisher.id });
    const otherOwner = await insertUser(t.services.db);
    const theirs = await insertNode(t.services.db, {
      publisherId: (await insertPublisher(t.services.db, { owner: otherOwner })).id,
    });
    for (const node of [mine, theirs]) {
      const response = await claim(node.id);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'node_already_claimed' });
    }
    expect(github.calls).toEqual([]);
  });

  it('answers 400 without a GitHub repository or a GH_TOKEN, 404 for unknown nodes', async () => {
    const noRepo = await unclaimed('https://gitlab.com/acme/thing');
    expect((await claim(noRepo.id)).status).toBe(400);
    const node = await unclaimed();
    expect((await claim(node.id, {})).status).toBe(400);
    expect((await claim(node.id, { GH_TOKEN: '  ' })).status).toBe(400);
    expect((await claim('no-such-node')).status).toBe(404);
    const deleted = await insertNode(t.services.db, {
      publisherId: UNCLAIMED_PUBLISHER_ID,
      status: 'NodeStatusDeleted',
    });
    expect((await claim(deleted.id)).status).toBe(404);
  });

  it('refuses anonymous (401) and strangers of the target publisher (403)', async () => {
    const node = await unclaimed();
    const anonymous = await t.request(`/publishers/${s.publisher.id}/nodes/${node.id}/claim-my-node`, {
      method: 'POST',
      json: { GH_TOKEN: 'x' },
    });
    expect(anonymous.status).toBe(401);
    expect((await claim(node.id, undefined, s.stranger.token)).status).toBe(403);
    expect(await publisherOf(node.id)).toBe(UNCLAIMED_PUBLISHER_ID);
  });
});
