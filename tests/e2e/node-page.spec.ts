import { createHash } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { gotoHydrated } from './support/islands.ts';
import { adminToken } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// The node page, server-rendered from the demo data the e2e server seeds: demo-upscale-tools has a
// README in its archive, several versions, node classes and 90 days of downloads.
const NODE = '/en/nodes/demo-upscale-tools';

test('shows the pack, its README, versions, classes, compatibility and the downloads chart', async ({ page }) => {
  await page.goto(NODE);
  await expect(page).toHaveTitle(/^Upscale Tools \(demo\) · Nodeyard$/);
  await expect(page.getByTestId('node-name')).toHaveText('Upscale Tools (demo)');
  await expect(page.getByTestId('publisher-link')).toHaveAttribute('href', '/en/publishers/nodeyard-demo');
  await expect(page.getByTestId('latest-version')).toContainText(/\d+\.\d+\.\d+/);
  await expect(page.getByTestId('latest-version')).toContainText(/released .* ago|released (yesterday|today)/);

  // README from the archive, rendered (its heading moved under the page's own headings).
  const readme = page.getByTestId('readme');
  await expect(readme.locator('h3').first()).toHaveText('Upscale Tools (demo)');
  await expect(readme).toContainText('Tiled upscaling with seam blending');
  await expect(readme.locator('table td code').first()).toHaveText('DemoTiledUpscale');
  await expect(readme.locator('pre code')).toHaveText('comfy node install demo-upscale-tools');

  // Versions newest first, each with a date and a working download link.
  const versions = page.getByTestId('version-item');
  expect(await versions.count()).toBeGreaterThan(0);
  await expect(versions.first().getByTestId('version-download')).toHaveAttribute(
    'href',
    /\/archives\/demo-upscale-tools\/.+\/node\.zip$/,
  );
  // Beside it the zip's sha256: the hash of the very bytes the link serves.
  const href = await versions.first().getByTestId('version-download').getAttribute('href');
  const zip = await page.request.get(href!);
  const digest = createHash('sha256')
    .update(await zip.body())
    .digest('hex');
  await expect(versions.first().getByTestId('version-sha256').locator('code')).toHaveText(digest);

  // Classes of the latest version, with their sockets.
  const classes = page.getByTestId('class-item');
  await expect(classes).toHaveCount(3);
  await expect(classes.first()).toContainText('DemoSeamBlend');
  await expect(classes.first()).toContainText('image: IMAGE');

  await expect(page.getByTestId('compat-accelerators')).toContainText('GPU :: NVIDIA CUDA');
  await expect(page.getByTestId('compat-comfyui')).toHaveText('>=0.3.0');
  await expect(page.getByTestId('dependencies')).toContainText('pillow>=10');
  await expect(page.getByTestId('install-command')).toHaveText('comfy node install demo-upscale-tools');

  // The chart is an SVG with a text alternative, and the same numbers are in a table.
  const chart = page.getByTestId('downloads-chart');
  await expect(chart.getByTestId('chart-svg')).toHaveAttribute(
    'aria-label',
    /Downloads per day from .+ to .+: [\d,]+ in total/,
  );
  await expect(chart.getByTestId('chart-table')).toBeHidden();
  await chart.getByTestId('chart-table-toggle').click();
  await expect(chart.getByTestId('chart-table').locator('tbody tr')).toHaveCount(90);
});

test('the copy button copies the install command', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(NODE);
  const button = page.getByTestId('copy-button');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(button).toHaveAttribute('data-state', 'copied');
  await expect(page.getByRole('status').filter({ hasText: 'Command copied' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('comfy node install demo-upscale-tools');
});

test('a version link shows that version’s classes and changelog', async ({ page }) => {
  await page.goto('/en/nodes/demo-legacy-loader');
  await expect(page.getByTestId('badge-deprecated')).toBeVisible();
  const items = page.getByTestId('version-item');
  const count = await items.count();
  test.skip(count < 2, 'the seeded pack has a single version');
  const older = items.nth(count - 1);
  const version = (await older.getAttribute('data-version'))!;
  await older.getByRole('link', { name: `Show details (version ${version})` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?version=${version.replace(/\./g, '\\.')}#classes$`));
  await expect(page.getByTestId('classes-version')).toHaveText(`Version ${version}`);
  await expect(page.locator(`[data-version="${version}"]`)).toContainText('Shown above');
  await expect(page.locator(`[data-version="${version}"] [data-testid="version-changelog"]`)).toHaveText(
    'First release.',
  );
});

test('the page is readable without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(NODE);
  await expect(page.getByTestId('readme')).toContainText('Tiled upscaling');
  await expect(page.getByTestId('class-item')).toHaveCount(3);
  await expect(page.getByTestId('install-command')).toHaveText('comfy node install demo-upscale-tools');
  await context.close();
});

test('an unclaimed pack without versions installs from git; a banned one shows the ban and no command', async ({
  page,
  request,
}) => {
  const token = await adminToken();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const headers = { authorization: `Bearer ${token}` };
  for (const id of [`np-free-${stamp}`, `np-banned-${stamp}`]) {
    const created = await request.post('/api/admin/nodes', {
      headers,
      data: { id, name: `Pack ${id}`, repository: `https://github.com/np-e2e/${id}` },
    });
    expect(created.status()).toBe(201);
  }
  const banned = await request.put(`/api/admin/nodes/np-banned-${stamp}`, {
    headers,
    data: { status: 'NodeStatusBanned', status_detail: 'Steals API keys' },
  });
  expect(banned.status()).toBe(200);

  await page.goto(`/en/nodes/np-free-${stamp}`);
  await expect(page.getByTestId('badge-unclaimed')).toBeVisible();
  await expect(page.getByTestId('install-block')).toHaveAttribute('data-mode', 'git');
  await expect(page.getByTestId('install-command')).toHaveText(
    `git clone https://github.com/np-e2e/np-free-${stamp} np-free-${stamp}`,
  );
  await expect(page.getByTestId('no-readme')).toBeVisible();
  await expect(page.getByTestId('versions')).toContainText('No versions published yet.');
  await keepScreenshot(page, 'test-results/screenshots/node-page-unclaimed.png', { fullPage: true });

  const response = await page.goto(`/ar/nodes/np-banned-${stamp}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('badge-banned')).toBeVisible();
  await expect(page.getByTestId('banned-notice')).toContainText('Steals API keys');
  await expect(page.getByTestId('install-command')).toHaveCount(0);
  await expect(page.getByTestId('copy-button')).toHaveCount(0);
  await keepScreenshot(page, 'test-results/screenshots/node-page-banned-ar.png', { fullPage: true });
});

test('unknown nodes get the localized 404 page', async ({ page }) => {
  const response = await page.goto('/ja/nodes/no-such-pack');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
});

test('another letter case redirects to the canonical id', async ({ page }) => {
  await page.goto('/en/nodes/DEMO-Upscale-Tools');
  await expect(page).toHaveURL(/\/en\/nodes\/demo-upscale-tools$/);
});

test('has per-node meta, OpenGraph, canonical and hreflang tags', async ({ page }) => {
  await page.goto('/fr/nodes/demo-upscale-tools');
  const head = page.locator('head');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /Tiled upscaling/);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Upscale Tools (demo)');
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/fr\/nodes\/demo-upscale-tools$/);
  await expect(head.locator('link[rel="alternate"][hreflang]')).toHaveCount(9);
  await expect(head.locator('link[hreflang="ar"]')).toHaveAttribute('href', /\/ar\/nodes\/demo-upscale-tools$/);
});

test('loads no Firebase code and little JavaScript', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  // Hydrated first: the islands are client:idle, so on a busy machine the network can go quiet
  // before the browser's idle callback has even asked for the copy button.
  await gotoHydrated(page, NODE);
  await page.waitForLoadState('networkidle');
  // The Firebase Auth SDK talks to identitytoolkit; no script of an anonymous visit may contain it.
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect(scripts.filter((url) => /firebase/i.test(url))).toEqual([]);
  expect(bodies.filter((body) => body.includes('identitytoolkit'))).toEqual([]);
  // The page's own island is the copy button (the rest is the shared header).
  expect(scripts.some((url) => /CopyButton/.test(url))).toBe(true);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`passes axe in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of [NODE, '/ar/nodes/demo-legacy-loader']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      await page.getByTestId('chart-table-toggle').click();
      expect(await axeViolations(page, { label: path })).toEqual([]);
    }
  });
}
