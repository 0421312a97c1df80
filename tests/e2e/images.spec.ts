import { createServer, type Server } from 'node:http';
import { expect, test } from './support/test.ts';
import sharp from 'sharp';
import { ensureAccount, stamp } from './support/accounts.ts';
import { FAKE_IMAGE_HOST_PORT } from './support/ports.ts';
import { keepScreenshot } from './support/shot.ts';

// First-party images: a pack whose icon and banner live on a publisher's host (a local server here;
// the test server allows loopback fetches, IMAGE_ALLOW_LOOPBACK) is shown with images from the site's
// own origin, in the spec's sizes, through URLs the server signed, and the browser never contacts
// the publisher's host. A broken icon leaves the letter avatar visible; an unsigned URL is refused.

test.describe.configure({ mode: 'serial' });

let host: Server;
const hostRequests: string[] = [];
const hostUrl = `http://127.0.0.1:${FAKE_IMAGE_HOST_PORT}`;

test.beforeAll(async () => {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2266ee' } })
    .png()
    .toBuffer();
  host = createServer((req, res) => {
    hostRequests.push(req.url ?? '/');
    if (req.url === '/icon.png' || req.url === '/banner.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
  });
  await new Promise<void>((resolve) => host.listen(FAKE_IMAGE_HOST_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

async function createPack(request: import('@playwright/test').APIRequestContext, icon: string) {
  const token = await ensureAccount(`images-${stamp()}@example.test`, true);
  const auth = { authorization: `Bearer ${token}` };
  const publisherId = `img-${stamp()}`;
  const made = await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Images' } });
  expect(made.status()).toBe(201);
  const nodeId = `img-node-${stamp()}`;
  const node = await request.post(`/api/publishers/${publisherId}/nodes`, {
    headers: auth,
    data: { id: nodeId, name: 'Picture Pack', icon, banner_url: `${hostUrl}/banner.png` },
  });
  expect(node.status()).toBe(201);
  return nodeId;
}

test('node icon and banner come from the site, resized, and the browser never contacts the publisher host', async ({
  page,
  request,
  baseURL,
}) => {
  const nodeId = await createPack(request, `${hostUrl}/icon.png`);
  const browserHosts = new Set<string>();
  page.on('request', (r) => browserHosts.add(new URL(r.url()).origin));
  await page.goto(`/en/nodes/${nodeId}`);

  const icon = page.getByTestId('node-icon').locator('img');
  await expect(icon).toHaveAttribute('sizes', '64px');
  await expect(icon).toHaveAttribute(
    'srcset',
    /\/_image\?url=.+&w=64&fit=icon&s=[\w-]{22} 64w, \/_image\?url=.+&w=128&fit=icon&s=[\w-]{22} 128w/,
  );
  // Loaded (decoded), from the site's origin.
  await expect
    .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(1);
  const current = await icon.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(current).origin).toBe(new URL(baseURL!).origin);
  const banner = page.getByTestId('node-banner');
  await expect(banner).toHaveAttribute('srcset', /w=640&s=[\w-]{22} 640w, .*w=3840&s=[\w-]{22} 3840w$/);
  await expect
    .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(1);

  const served = await request.get(current);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  // The same URL without its signature, or signed for another width, is no image of this site.
  const unsigned = new URL(current);
  unsigned.searchParams.delete('s');
  const refused = await request.get(unsigned.href);
  expect(refused.status()).toBe(403);
  expect(refused.headers()['x-image-error']).toBe('signature');
  const resized = new URL(current);
  resized.searchParams.set('w', '256');
  expect((await request.get(resized.href)).status()).toBe(403);
  expect(hostRequests).toContain('/icon.png');
  expect([...browserHosts].filter((origin) => origin === hostUrl)).toEqual([]);
  await keepScreenshot(page.getByTestId('node-hero'), 'test-results/screenshots/images-node-hero-en.png');
  await page.goto(`/ar/nodes/${nodeId}`);
  await expect
    .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(1);
  await keepScreenshot(page.getByTestId('node-hero'), 'test-results/screenshots/images-node-hero-ar.png');
});

test('a broken icon leaves the letter avatar showing', async ({ page, request }) => {
  const nodeId = await createPack(request, `${hostUrl}/not-an-image.png`);
  await page.goto(`/en/nodes/${nodeId}`);
  const box = page.getByTestId('node-icon');
  await expect(box).toContainText('P');
  const img = box.locator('img');
  // The endpoint refused it: an error status with a transparent pixel, through which the letter shows.
  const response = await request.get((await img.getAttribute('src'))!);
  expect(response.status()).toBe(415);
  expect(response.headers()['x-image-error']).toBe('content-type');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
  await expect(box.locator('span[aria-hidden="true"]')).toBeVisible();
  await keepScreenshot(box, 'test-results/screenshots/images-broken-icon.png');
});

test('search cards show the icon through signed /_image URLs, rendered by the server and by the island', async ({
  page,
  request,
}) => {
  const nodeId = await createPack(request, `${hostUrl}/icon.png`);
  const cardIcon = () => page.locator(`[data-node-id="${nodeId}"]`).getByTestId('node-card-icon').locator('img');
  const loaded = () => cardIcon().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);

  // Server-rendered results (the search index follows the new pack within a second).
  await expect
    .poll(async () => {
      await page.goto(`/en/?q=${nodeId}`);
      return cardIcon().count();
    })
    .toBe(1);
  await expect(cardIcon()).toHaveAttribute('src', /\/_image\?url=.+&w=48&fit=icon&s=[\w-]{22}$/);
  await expect.poll(loaded).toBeGreaterThan(1);

  // The island's own search: the API answer's icon_images.
  await page.goto('/en/');
  await expect(page.getByTestId('search-app')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('search-input').fill(nodeId);
  await expect(cardIcon()).toHaveAttribute(
    'srcset',
    /&w=48&fit=icon&s=[\w-]{22} 48w, .+&w=96&fit=icon&s=[\w-]{22} 96w$/,
  );
  await expect.poll(loaded).toBeGreaterThan(1);
});
