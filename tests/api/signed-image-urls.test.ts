import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { loadHomePage } from '../../src/server/page-loaders/home/load-home.ts';
import { parseSearchState } from '../../src/lib/search/url-state.ts';
import type { ImageAttributes } from '../../src/lib/images/image-url.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { signUp } from '#test/firebase-emulator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The image endpoint serves only URLs the server signed, so every answer an island draws icons from
// carries them signed: search results (API and the server-rendered home page), the dashboard's node
// list, and the signed-in user's picture. Each URL must verify with the server's own key.

const ICON = 'https://images.example.test/icon.png';
const PHOTO = 'https://photos.example.test/me.jpg';

let t: TestApp;
let publisherId: string;

beforeAll(async () => {
  t = await createTestApp();
  publisherId = (await insertPublisher(t.services.db)).id;
  await insertNode(t.services.db, { id: 'with-icon', name: 'With icon', publisherId, icon: ICON });
  await insertNode(t.services.db, { id: 'without-icon', name: 'Without icon', publisherId });
  for (const nodeId of ['with-icon', 'without-icon']) await insertVersion(t.services.db, { nodeId, version: '1.0.0' });
  await t.syncSearch({ full: true });
});
afterAll(() => t.close());

/** Every candidate of an image: width, fit and signature as the endpoint will check them. */
function expectSigned(image: ImageAttributes | undefined, source: string, size: number) {
  expect(image).toBeDefined();
  expect(image!.sizes).toBe(`${size}px`);
  const candidates = image!.srcset.split(', ').map((candidate) => candidate.split(' ')[0]!);
  expect(candidates).toContain(image!.src);
  for (const candidate of candidates) {
    const params = new URL(candidate, 'http://site.test').searchParams;
    expect(params.get('url')).toBe(source);
    expect(params.get('fit')).toBe('icon');
    expect(t.services.imageUrls.verify(source, Number(params.get('w')), 'icon', params.get('s') ?? '')).toBe(true);
  }
}

describe('signed image URLs in answers', () => {
  it('GET /nodes/search: icon_images by node id, signed, for the 48 px card icon', async () => {
    const body = (await (await t.request('/nodes/search?limit=50')).json()) as {
      icon_images: Record<string, ImageAttributes>;
    };
    expectSigned(body.icon_images['with-icon'], ICON, 48);
    expect(body.icon_images['without-icon']).toBeUndefined();
  });

  it('the server-rendered home page: each card carries its signed icon', async () => {
    const data = await loadHomePage(t.services, parseSearchState(new URLSearchParams('q=icon')));
    const card = [...data.popular, ...(data.results?.nodes ?? [])].find((node) => node.id === 'with-icon');
    expectSigned(card?.icon_image, ICON, 48);
  });

  it("GET /publishers/{id}/nodes/v2: icon_images for the dashboard's 40 px icons", async () => {
    const body = (await (await t.request(`/publishers/${publisherId}/nodes/v2`)).json()) as {
      icon_images: Record<string, ImageAttributes>;
    };
    expectSigned(body.icon_images['with-icon'], ICON, 40);
    expect(body.icon_images['without-icon']).toBeUndefined();
  });

  it("GET /users: the account picture as `avatar`, signed, for the menu's 32 px", async () => {
    const user = await signUp({ displayName: 'Pictured' });
    expect(await (await t.request('/users', { token: user.idToken })).json()).not.toHaveProperty('avatar');
    await t.services.db.update(users).set({ photoUrl: PHOTO }).where(eq(users.id, user.uid));
    const body = (await (await t.request('/users', { token: user.idToken })).json()) as { avatar?: ImageAttributes };
    expectSigned(body.avatar, PHOTO, 32);
  });
});
