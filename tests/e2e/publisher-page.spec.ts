import { expect, test } from './support/test.ts';
import { axeViolations } from './support/axe.ts';

// The demo publisher the e2e server seeds has 24 packs: two pages of 12.
const PUBLISHER = '/en/publishers/nodeyard-demo';

test('shows the public profile and the first page of packs, linking to node pages', async ({ page }) => {
  await page.goto(PUBLISHER);
  await expect(page).toHaveTitle('Nodeyard Demo (sample data) · Nodeyard');
  await expect(page.getByTestId('publisher-name')).toHaveText('Nodeyard Demo (sample data)');
  await expect(page.getByTestId('publisher-description')).toContainText('Sample packs that Nodeyard creates');
  await expect(page.getByTestId('publisher-website')).toHaveAttribute('href', 'https://example.com/nodeyard-demo');
  await expect(page.getByTestId('publisher-node-count')).toHaveText('24 packs');
  const cards = page.getByTestId('publisher-node-list').locator(':scope > li');
  await expect(cards).toHaveCount(12);
  // Members' e-mails are never on the public page.
  await expect(page.locator('body')).not.toContainText('@nodeyard.test');

  const first = cards.first().getByRole('link').first();
  const href = (await first.getAttribute('href'))!;
  expect(href).toMatch(/^\/en\/nodes\/demo-[a-z-]+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('node-page')).toBeVisible();
});

test('paginates with plain links, and the pages do not overlap', async ({ page }) => {
  await page.goto(PUBLISHER);
  const ids = async () =>
    page
      .getByTestId('publisher-node-list')
      .locator('a[href^="/en/nodes/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')))]);
  const firstPage = await ids();
  await expect(page.getByTestId('pager-prev')).toHaveCount(0);
  await page.getByTestId('pager-next').click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByTestId('pager').locator('[aria-current="page"]')).toContainText('2');
  const secondPage = await ids();
  expect(firstPage).toHaveLength(12);
  expect(secondPage).toHaveLength(12);
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
  await expect(page.getByTestId('pager-next')).toHaveCount(0);
  await page.getByTestId('pager-prev').click();
  await expect(page).toHaveURL(/\/publishers\/nodeyard-demo$/);
});

test('a page past the end says so and links back', async ({ page }) => {
  await page.goto(`${PUBLISHER}?page=7`);
  await expect(page.getByTestId('publisher-nodes')).toContainText('There are no packs on this page.');
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page.getByTestId('publisher-node-list').locator(':scope > li')).toHaveCount(12);
});

test('is readable without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${PUBLISHER}?page=2`);
  await expect(page.getByTestId('publisher-node-list').locator(':scope > li')).toHaveCount(12);
  await context.close();
});

test('unknown publishers get the localized 404 page', async ({ page }) => {
  const response = await page.goto('/zh/publishers/no-such-publisher');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
});

test('has canonical, hreflang and OpenGraph tags', async ({ page }) => {
  await page.goto('/ja/publishers/nodeyard-demo');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/ja\/publishers\/nodeyard-demo$/);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(9);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`passes axe in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of [PUBLISHER, '/ar/publishers/nodeyard-demo?page=2']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      expect(await axeViolations(page, { label: path })).toEqual([]);
    }
  });
}

test('counts packs with the plural form of the page language', async ({ page }) => {
  // 24 takes Russian's "few" form, Arabic's "many" form; French counts it like English.
  for (const [lang, text] of [
    ['ru', '24 пакета'],
    ['ar', '24 حزمة'],
    ['fr', '24 packs'],
    ['ja', '24 個のパック'],
  ] as const) {
    await page.goto(`/${lang}/publishers/nodeyard-demo`);
    await expect(page.getByTestId('publisher-node-count')).toHaveText(text);
  }
});
