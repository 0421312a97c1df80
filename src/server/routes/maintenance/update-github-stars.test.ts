import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { fakeGitHub, type FakeGitHub } from '#test/fake-github.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';
import { STARS_CONCURRENCY } from '../../services/github-stars/update-stars.ts';

describe('POST /nodes/update-github-stars (against a local fake GitHub)', () => {
  const github: FakeGitHub = fakeGitHub('unused-client', 'unused-secret');
  let t: TestApp;
  let service: string;
  let user: Actor;

  const starsOf = async (id: string) =>
    (await t.services.db.select({ stars: nodes.githubStars }).from(nodes).where(eq(nodes.id, id)))[0]!.stars;

  beforeAll(async () => {
    await github.listen();
    t = await createTestApp({ config: { githubApiUrl: github.url(), githubApiToken: 'ghp_stars_token' } });
    service = (await insertServiceToken(t.services.db)).token;
    user = await signedIn(t);
    const publisher = await insertPublisher(t.services.db);
    const repo = (name: string) => `https://github.com/stars-org/${name}`;
    await insertNode(t.services.db, {
      publisherId: publisher.id,
      id: 'popular',
      repository: repo('popular'),
      githubStars: 3,
    });
    await insertNode(t.services.db, {
      publisherId: publisher.id,
      id: 'steady',
      repository: `${repo('Steady')}.git`,
      githubStars: 7,
    });
    await insertNode(t.services.db, {
      publisherId: publisher.id,
      id: 'flaky',
      repository: repo('flaky'),
      githubStars: 11,
    });
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'vanished', repository: repo('vanished') });
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'gitlab', repository: 'https://gitlab.com/a/b' });
    github.setStars('stars-org/popular', 1234);
    github.setStars('stars-org/steady', 7);
    github.setStars('stars-org/flaky', 'error');
    github.setStars('stars-org/vanished', 'missing');
  });
  afterAll(async () => {
    await t.close();
    await github.close();
  });

  it('needs a service token or an admin', async () => {
    expect((await t.request('/nodes/update-github-stars', { method: 'POST' })).status).toBe(401);
    const response = await t.request('/nodes/update-github-stars', { method: 'POST', token: user.token });
    expect(response.status).toBe(403);
    expect(github.starCalls).toHaveLength(0);
  });

  it('stores fresh counts; a node whose lookup fails is reported, the batch goes on', async () => {
    const before = (await t.services.db.select().from(nodes).where(eq(nodes.id, 'popular')))[0]!;
    const response = await t.request('/nodes/update-github-stars', { method: 'POST', token: service });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ checked: 5, updated: 1, unchanged: 1 });
    expect(body.failed).toEqual(
      expect.arrayContaining([
        { node_id: 'flaky', reason: 'unavailable' },
        { node_id: 'vanished', reason: 'not_found' },
        { node_id: 'gitlab', reason: 'not_github' },
      ]),
    );
    expect(await starsOf('popular')).toBe(1234);
    expect(await starsOf('flaky')).toBe(11);
    // A change moves updated_at (search and ?timestamp= follow it); the token went to GitHub.
    const after = (await t.services.db.select().from(nodes).where(eq(nodes.id, 'popular')))[0]!;
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(github.starCalls.every((call) => call.authorization === 'Bearer ghp_stars_token')).toBe(true);
    expect(github.starCalls.map((call) => call.path)).toContain('/repos/stars-org/Steady');
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'nodes.github_stars_refresh'));
    expect(audit[0]!.after).toMatchObject({ changes: [{ id: 'popular', before: 3, after: 1234 }] });
  });

  it('walks the registry: max_batch takes the nodes checked longest ago', async () => {
    github.setStars('stars-org/flaky', 12);
    const calls = github.starCalls.length;
    const response = await t.request('/nodes/update-github-stars?max_batch=2', { method: 'POST', token: service });
    expect((await response.json()).checked).toBe(2);
    // The five were all stamped by the first batch; the oldest stamp ties, so id order decides.
    expect(github.starCalls.length - calls).toBeLessThanOrEqual(2);
    const again = await t.request('/nodes/update-github-stars?max_batch=3', { method: 'POST', token: service });
    expect((await again.json()).checked).toBe(3);
    expect(await starsOf('flaky')).toBe(12);
  });

  it('keeps at most a few GitHub requests in flight', async () => {
    const publisher = await insertPublisher(t.services.db);
    for (let i = 0; i < 20; i++) {
      await insertNode(t.services.db, {
        publisherId: publisher.id,
        id: `many-${i}`,
        repository: `https://github.com/many/r${i}`,
      });
      github.setStars(`many/r${i}`, i);
    }
    github.starDelayMs = 20;
    github.maxStarLookupsInFlight = 0;
    const response = await t.request('/nodes/update-github-stars?max_batch=20', { method: 'POST', token: service });
    expect((await response.json()).updated).toBe(19);
    expect(github.maxStarLookupsInFlight).toBeGreaterThan(1);
    expect(github.maxStarLookupsInFlight).toBeLessThanOrEqual(STARS_CONCURRENCY);
  });

  it('refuses a max_batch out of range', async () => {
    const response = await t.request('/nodes/update-github-stars?max_batch=0', { method: 'POST', token: service });
    expect(response.status).toBe(400);
  });
});
