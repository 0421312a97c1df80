import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, githubOauthStates, nodes, publisherPermissions } from '../../src/server/db/schema/index.ts';
import { hashStateToken } from '../../src/server/services/github-oauth/state-token.ts';
import { ensureUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from '../../src/server/services/publishers/unclaimed.ts';
import { signedIn } from '#test/authz/actors.ts';
import { fakeGitHub } from '#test/fake-github.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';

const CLIENT_ID = 'Iv1.test-client';
const CLIENT_SECRET = 'test-client-secret';
const SITE = 'http://site.test';

describe('GitHub OAuth round-trip for claim-my-node', () => {
  const github = fakeGitHub(CLIENT_ID, CLIENT_SECRET);
  const clock = fixedClock();
  let t: TestApp;
  let s: PublisherScene;

  beforeAll(async () => {
    await github.listen();
    t = await createTestApp({
      clock,
      config: {
        githubOAuth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: github.url() },
        githubApiUrl: github.url(),
      },
    });
    await ensureUnclaimedPublisher(t.services.db);
    s = await publisherScene(t);
  });
  afterAll(async () => {
    await t.close();
    await github.close();
  });
  beforeEach(() => {
    github.exchanges.length = 0;
    github.repoCalls.length = 0;
  });

  const unclaimed = (repository: string | null = 'https://github.com/Acme/ComfyUI-Thing') =>
    insertNode(t.services.db, { publisherId: UNCLAIMED_PUBLISHER_ID, repository });
  const start = (json: unknown, token: string | undefined = s.owner.token) =>
    t.request('/github/oauth/start', { method: 'POST', json, headers: { origin: SITE }, ...(token ? { token } : {}) });
  const complete = (json: unknown, token: string | undefined = s.owner.token) =>
    t.request('/github/oauth/complete', { method: 'POST', json, ...(token ? { token } : {}) });
  const publisherOf = async (id: string) =>
    (await t.services.db.select().from(nodes).where(eq(nodes.id, id)))[0]?.publisherId;

  /** Starts a round-trip and returns the state GitHub would hand back. */
  async function startFor(nodeId: string, token = s.owner.token, publisherId = s.publisher.id) {
    const response = await start({ publisherId, nodeId, returnPath: '/fr/nodes?tab=claims' }, token);
    expect(response.status).toBe(200);
    const { authorizeUrl } = (await response.json()) as { authorizeUrl: string };
    return new URL(authorizeUrl).searchParams.get('state')!;
  }

  it('start returns the authorize URL with a one-time state that is stored only hashed', async () => {
    const node = await unclaimed();
    const response = await start({ publisherId: s.publisher.id, nodeId: node.id, returnPath: '/fr/nodes' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { authorizeUrl: string; expiresAt: string };
    const url = new URL(body.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url()}/login/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/fr/nodes/claim/callback`);
    expect(url.searchParams.get('allow_signup')).toBe('false');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.expiresAt).toBe(new Date(clock.now().getTime() + 10 * 60_000).toISOString());
    const [row] = await t.services.db
      .select()
      .from(githubOauthStates)
      .where(eq(githubOauthStates.stateHash, hashStateToken(state)));
    expect(row).toMatchObject({ userId: s.owner.user.id, publisherId: s.publisher.id, nodeId: node.id, usedAt: null });
    expect(JSON.stringify(row)).not.toContain(state);
  });

  it('complete exchanges the code server-side, claims the node and never returns the GitHub token', async () => {
    const node = await unclaimed();
    const state = await startFor(node.id);
    github.issueCode('code-happy', 'gho_happy_secret');
    const response = await complete({ code: 'code-happy', state });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      publisherId: s.publisher.id,
      nodeId: node.id,
      returnPath: '/fr/nodes?tab=claims',
    });
    expect(text).not.toContain('gho_happy_secret');
    expect(github.exchanges).toEqual([
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        code: 'code-happy',
        redirect_uri: `${SITE}/fr/nodes/claim/callback`,
      },
    ]);
    expect(github.repoCalls).toEqual([{ path: '/repos/Acme/ComfyUI-Thing', authorization: 'Bearer gho_happy_secret' }]);
    expect(await publisherOf(node.id)).toBe(s.publisher.id);
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, node.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['github_oauth.complete', 'github_oauth.start', 'node.claim']);
    expect(JSON.stringify(audits)).not.toContain('gho_happy_secret');
  });

  it('refuses a reused state (400) even with a fresh code', async () => {
    const node = await unclaimed();
    const state = await startFor(node.id);
    github.issueCode('code-once', 'gho_once');
    expect((await complete({ code: 'code-once', state })).status).toBe(200);
    github.issueCode('code-twice', 'gho_twice');
    const again = await complete({ code: 'code-twice', state });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'oauth_state_used' });
    expect(github.exchanges).toHaveLength(1);
  });

  it('refuses an unknown state (400) without calling GitHub', async () => {
    github.issueCode('code-x', 'gho_x');
    const response = await complete({ code: 'code-x', state: 'made-up-state' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'oauth_state_invalid' });
    expect(github.exchanges).toEqual([]);
  });

  it("refuses another user's state (403) and leaves it usable by its owner", async () => {
    const node = await unclaimed();
    const state = await startFor(node.id);
    github.issueCode('code-theft', 'gho_theft');
    const stolen = await complete({ code: 'code-theft', state }, s.stranger.token);
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toMatchObject({ error: 'oauth_state_other_user' });
    expect(github.exchanges).toEqual([]);
    expect(await publisherOf(node.id)).toBe(UNCLAIMED_PUBLISHER_ID);
    expect((await complete({ code: 'code-theft', state })).status).toBe(200);
  });

  it('refuses an expired state (400)', async () => {
    const node = await unclaimed();
    const state = await startFor(node.id);
    clock.advance(10 * 60_000 + 1);
    github.issueCode('code-late', 'gho_late');
    const response = await complete({ code: 'code-late', state });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'oauth_state_expired' });
    expect(await publisherOf(node.id)).toBe(UNCLAIMED_PUBLISHER_ID);
  });

  it('answers 400 when GitHub rejects the code, and 403 when the account cannot push to the repository', async () => {
    const node = await unclaimed();
    const badCode = await complete({ code: 'never-issued', state: await startFor(node.id) });
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ error: 'github_code_invalid' });

    github.issueCode('code-reader', 'gho_reader', { admin: false, push: false });
    const reader = await complete({ code: 'code-reader', state: await startFor(node.id) });
    expect(reader.status).toBe(403);
    expect(await reader.json()).toMatchObject({ error: 'github_permission_denied' });
    expect(await publisherOf(node.id)).toBe(UNCLAIMED_PUBLISHER_ID);
  });

  it('lets a member start, but not a stranger, a banned user or an anonymous visitor', async () => {
    const node = await unclaimed();
    const body = { publisherId: s.publisher.id, nodeId: node.id };
    expect((await start(body, s.member.token)).status).toBe(200);
    expect((await start(body, s.stranger.token)).status).toBe(403);
    expect((await start(body, '')).status).toBe(401);
    const banned = await signedIn(t, { banned: true });
    const own = await insertPublisher(t.services.db, { owner: banned.user });
    const response = await start({ publisherId: own.id, nodeId: node.id }, banned.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'user_banned' });
    expect((await complete({ code: 'c', state: 's' }, '')).status).toBe(401);
  });

  it('re-checks the role at completion: a member removed meanwhile cannot finish', async () => {
    const node = await unclaimed();
    const helper = await signedIn(t);
    const publisher = await insertPublisher(t.services.db, { owner: s.owner.user, members: [helper.user] });
    const state = await startFor(node.id, helper.token, publisher.id);
    await t.services.db.delete(publisherPermissions).where(eq(publisherPermissions.userId, helper.user.id));
    github.issueCode('code-removed', 'gho_removed');
    expect((await complete({ code: 'code-removed', state }, helper.token)).status).toBe(403);
    expect(await publisherOf(node.id)).toBe(UNCLAIMED_PUBLISHER_ID);
  });

  it('checks the node before sending anyone to GitHub', async () => {
    const claimed = await insertNode(t.services.db, { publisherId: s.publisher.id });
    const noRepo = await unclaimed(null);
    const cases = [
      [claimed.id, 403, 'node_already_claimed'],
      [noRepo.id, 400, 'node_repository_not_github'],
      ['no-such-node', 404, 'not_found'],
    ] as const;
    for (const [nodeId, status, error] of cases) {
      const response = await start({ publisherId: s.publisher.id, nodeId });
      expect(response.status, nodeId).toBe(status);
      expect(await response.json()).toMatchObject({ error });
    }
  });

  it('rejects an off-site return path and missing fields with 400', async () => {
    const node = await unclaimed();
    for (const returnPath of ['//evil.test/x', 'https://evil.test/', '/\\evil.test']) {
      const response = await start({ publisherId: s.publisher.id, nodeId: node.id, returnPath });
      expect(response.status, returnPath).toBe(400);
    }
    const missing = await complete({ state: '' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toMatch(/code[\s\S]*state/);
  });
});

describe('GitHub OAuth without an OAuth app configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 github_oauth_not_configured on both routes', async () => {
    const user = await signedIn(t);
    for (const [path, json] of [
      ['/github/oauth/start', { publisherId: 'p', nodeId: 'n' }],
      ['/github/oauth/complete', { code: 'c', state: 's' }],
    ] as const) {
      const response = await t.request(path, { method: 'POST', json, token: user.token });
      expect(response.status, path).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'github_oauth_not_configured' });
    }
  });
});
