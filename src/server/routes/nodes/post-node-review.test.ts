import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeReviews, nodes } from '../../db/schema/index.ts';
import { signUp, type EmulatorUser } from '#test/firebase-emulator.ts';
import { insertUser } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

describe('POST /nodes/{nodeId}/reviews (postNodeReview)', () => {
  let t: TestApp;
  let ada: EmulatorUser;
  let bob: EmulatorUser;
  const review = (nodeId: string, star: string, token?: string) =>
    t.request(`/nodes/${nodeId}/reviews?star=${star}`, { method: 'POST', ...(token ? { token } : {}) });
  const totals = async (nodeId: string) => {
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId));
    const reviews = await t.services.db.select().from(nodeReviews).where(eq(nodeReviews.nodeId, nodeId));
    return { star: row!.totalStar, review: row!.totalReview, rows: reviews.length };
  };

  beforeAll(async () => {
    t = await createTestApp();
    [ada, bob] = await Promise.all([signUp(), signUp()]);
    await seedNode(t.services.db, { id: 'Rated', versions: [{ version: '1.0.0' }] });
    await seedNode(t.services.db, { id: 'banned-pack', status: 'NodeStatusBanned' });
    await seedNode(t.services.db, { id: 'deleted-pack', status: 'NodeStatusDeleted' });
  });
  afterAll(() => t.close());

  it('answers 401 without a signed-in user', async () => {
    const response = await review('Rated', '5');
    expect(response.status).toBe(401);
    expect((await totals('Rated')).review).toBe(0);
  });

  it('rejects stars outside 1..5 or not whole numbers', async () => {
    for (const star of ['0', '6', '2.5', 'abc', '']) {
      const response = await review('Rated', star, ada.idToken);
      expect(response.status, `star=${star}`).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.stringContaining('star') });
    }
    expect((await t.request('/nodes/Rated/reviews', { method: 'POST', token: ada.idToken })).status).toBe(400);
    expect((await totals('Rated')).review).toBe(0);
  });

  it('records a rating and returns the node with it', async () => {
    const response = await review('rated', '4', ada.idToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'Rated', rating: 4, latest_version: { version: '1.0.0' } });
    expect(await totals('Rated')).toEqual({ star: 4, review: 1, rows: 1 });
  });

  it('replaces the same user’s earlier rating and averages across users', async () => {
    const again = await review('Rated', '2', ada.idToken);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ rating: 2 });
    expect(await totals('Rated')).toEqual({ star: 2, review: 1, rows: 1 });
    const other = await review('Rated', '5', bob.idToken);
    expect(await other.json()).toMatchObject({ rating: 3.5 });
    expect(await totals('Rated')).toEqual({ star: 7, review: 2, rows: 2 });
  });

  it('keeps totals consistent when one user posts concurrently', async () => {
    const carol = await signUp();
    const responses = await Promise.all(['1', '3', '5', '2'].map((star) => review('Rated', star, carol.idToken)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const { star, review: count, rows } = await totals('Rated');
    const [carolReview] = await t.services.db.select().from(nodeReviews).where(eq(nodeReviews.userId, carol.uid));
    expect({ count, rows }).toEqual({ count: 3, rows: 3 });
    expect(star).toBe(7 + carolReview!.star);
  });

  it('answers 404 for unknown or deleted nodes and 403 for banned ones', async () => {
    expect((await review('nope', '3', ada.idToken)).status).toBe(404);
    expect((await review('deleted-pack', '3', ada.idToken)).status).toBe(404);
    expect((await review('banned-pack', '3', ada.idToken)).status).toBe(403);
  });

  it('refuses banned users with 403', async () => {
    const banned = await signUp();
    await insertUser(t.services.db, { id: banned.uid, status: 'UserStatusBanned' });
    const response = await review('Rated', '1', banned.idToken);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'user_banned' });
  });
});
